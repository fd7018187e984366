import { useState, type DragEvent } from "react";

/**
 * The console's drop targets (a product's reorder handle, a media row, the media card's drop zone):
 * whether something droppable is over it, for the highlight, and the three drag handlers that keep
 * that state. `accepts` names the drag data type taken (e.g. "Files"); unset takes any drag.
 */
export function useDropTarget(onDrop: (data: DataTransfer) => void, accepts?: string) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver(event: DragEvent) {
      if (accepts && !event.dataTransfer.types.includes(accepts)) return;
      event.preventDefault();
      setOver(true);
    },
    onDragLeave() {
      setOver(false);
    },
    onDrop(event: DragEvent) {
      // Not ours: left to a target around this one (files dropped on a media row reach the card's zone).
      if (accepts && !event.dataTransfer.types.includes(accepts)) return;
      event.preventDefault();
      setOver(false);
      onDrop(event.dataTransfer);
    },
  };
  return { over, dropProps };
}

import { useSubmit } from "react-router";
import { useDropTarget } from "./use-drop-target";
import { useTranslation } from "~/i18n/use-translation";

/**
 * A product's place in the list, moved by drag (HTML drag events: the handle is dragged onto
 * another product's handle, taking its place) or by keyboard on the focused handle (↑/↓ one place,
 * Home/End to the top/bottom). Each move is one post to the list's action (docs/decisions/048);
 * without JavaScript the row's buttons do the same.
 */
export function ReorderHandle({ id, title }: { id: string; title: string }) {
  const submit = useSubmit();
  const { t } = useTranslation();
  // The dragged product takes this one's place.
  const { over, dropProps } = useDropTarget((data) => {
    const dragged = data.getData("text/x-product-id");
    if (dragged && dragged !== id) submit({ id: dragged, intent: "place", to: id }, { method: "post" });
  }, "text/x-product-id");
  const post = (fields: Record<string, string>) => submit({ id, ...fields }, { method: "post" });
  const keys: Record<string, string> = { ArrowUp: "up", ArrowDown: "down", Home: "top", End: "bottom" };
  return (
    <button
      type="button"
      draggable
      aria-label={t("adminShop.products.reorder", { title })}
      aria-describedby="reorder-help"
      data-product-id={id}
      className={`inline-flex min-h-11 min-w-11 cursor-grab items-center justify-center rounded-md border text-lg text-slate-700 ${
        over ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white"
      }`}
      onKeyDown={(event) => {
        const intent = keys[event.key];
        if (!intent) return;
        event.preventDefault();
        post({ intent });
      }}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/x-product-id", id);
        event.dataTransfer.effectAllowed = "move";
      }}
      {...dropProps}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

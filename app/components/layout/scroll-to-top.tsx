import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * SPEC §2: the page scrolls to the top on each path change. Hash-only changes are left alone,
 * a new path with a #anchor scrolls to that anchor, back/forward keeps the browser's restored
 * position, and a navigation may opt out with `state: { keepScroll: true }` (language switch).
 */
export function ScrollToTop() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(location.pathname);

  useEffect(() => {
    if (previous.current === location.pathname) return;
    previous.current = location.pathname;
    if (navigationType === "POP") return;
    const state: unknown = location.state;
    if (state && typeof state === "object" && "keepScroll" in state && state.keepScroll === true) return;
    if (location.hash.length > 1) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [location, navigationType]);

  return null;
}

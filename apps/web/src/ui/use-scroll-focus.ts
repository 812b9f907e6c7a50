import { type RefObject, useEffect } from 'react';

/**
 * Makes a scrolling box reachable by keyboard while, and only while, its content overflows it: a focusable box
 * scrolls with the arrow keys, and a box without links or buttons inside could not be scrolled without a mouse.
 * `isShown` says when a box rendered only sometimes (a modal's body) is there to watch.
 */
export function useScrollFocus(ref: RefObject<HTMLElement | null>, isShown = true) {
  useEffect(() => {
    const box = ref.current;
    if (!box || !isShown) return;
    const update = () => {
      const isScrolling = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
      if (isScrolling) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
    };
    const resizes = new ResizeObserver(update);
    const observeChildren = () => {
      for (const child of Array.from(box.children)) resizes.observe(child);
    };
    resizes.observe(box);
    observeChildren();
    const mutations = new MutationObserver(() => {
      observeChildren();
      update();
    });
    mutations.observe(box, { childList: true });
    update();
    return () => {
      resizes.disconnect();
      mutations.disconnect();
    };
  }, [ref, isShown]);
}

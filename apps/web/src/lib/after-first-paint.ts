/**
 * Calls `task` once the page has had its first contentful paint and the browser is idle
 * (requestIdleCallback, else a timeout). Without paint timing, 3 s after mounting. Returns a
 * function that cancels it. What waits for this is not part of the first view's weight.
 */
export function afterFirstPaint(task: () => void): () => void {
  let idle = 0;
  const start = () => {
    observer?.disconnect();
    clearTimeout(fallback);
    idle = typeof window.requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 2000 }) : window.setTimeout(task, 300);
  };
  const fallback = window.setTimeout(start, 3000);
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the fallback timeout starts it.
  }
  return () => {
    observer?.disconnect();
    clearTimeout(fallback);
    if (typeof window.cancelIdleCallback === 'function') cancelIdleCallback(idle);
    clearTimeout(idle);
  };
}

// Moving between areas: inside the shell single-spa owns the URL (it exposes
// window.singleSpaNavigate); an MFE running alone on its dev server falls back to a page load.
declare global {
  interface Window {
    singleSpaNavigate?: (url: string) => void;
  }
}

export function navigateTo(url: string): void {
  if (typeof window.singleSpaNavigate === 'function') window.singleSpaNavigate(url);
  else window.location.assign(url);
}

/** True when a click should be left to the browser (new tab, modified click). */
export function isModifiedClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** A redirect (gates): replaces the current history entry so Back does not bounce. */
export function redirectTo(url: string): void {
  if (typeof window.singleSpaNavigate === 'function') {
    // single-spa patches replaceState: it reroutes the areas and tells their routers (popstate).
    window.history.replaceState(window.history.state, '', url);
  } else {
    window.location.replace(url);
  }
}

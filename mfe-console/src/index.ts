// Standalone dev entry (this MFE alone on its own dev server). Async boundary so shared
// singletons are negotiated before React loads.
import('./standalone.tsx').catch((error: unknown) => {
  document.body.textContent = 'This area could not start. Please reload the page.';
  throw error;
});

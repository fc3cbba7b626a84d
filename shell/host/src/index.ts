// Async boundary: shared singletons are negotiated by the Module Federation runtime before any
// code that imports them runs.
import('./bootstrap.tsx').catch((error: unknown) => {
  document.body.textContent = 'Lectern could not start. Please reload the page.';
  throw error;
});

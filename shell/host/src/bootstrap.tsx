// single-spa root config: the frame, one application per area (by route), and the not-found view.
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import { NotFound, startAnalytics, startSession, ThemeRoot, ToastViewport } from '@lectern/shell-kit';
import { AREAS, areaFor } from './areas/area.registry.ts';
import { createAreaApplication, registerAreaRemotes } from './areas/area.application.tsx';
import { ShellFrame } from './frame/ShellFrame.tsx';

// The session (persisted token, refresh cookie) and the flags come from the identity service.
void startSession();
// Page views, clicks and capture events to Lectern's own collector, only while analytics_enabled is on.
startAnalytics();

const frame = document.getElementById('lectern-frame');
if (!frame) throw new Error('index.html must contain #lectern-frame');
const main = document.createElement('main');
main.id = 'lectern-main';

createRoot(frame).render(
  <ThemeRoot withGlobalStyle>
    <ShellFrame main={main} />
    <ToastViewport />
  </ThemeRoot>,
);

registerAreaRemotes(AREAS);

for (const area of AREAS) {
  const container = document.createElement('div');
  container.id = `area-${area.name}`;
  main.append(container);
  const application = createAreaApplication(area, container);
  registerApplication({
    name: area.name,
    app: async () => application,
    activeWhen: (location) => areaFor(location.pathname)?.name === area.name,
  });
}

const notFoundElement = document.createElement('div');
notFoundElement.id = 'area-not-found';
main.append(notFoundElement);
let notFoundRoot: ReturnType<typeof createRoot> | null = null;
registerApplication({
  name: 'not-found',
  app: async () => ({
    bootstrap: async () => {},
    mount: async () => {
      notFoundRoot = createRoot(notFoundElement);
      notFoundRoot.render(
        <ThemeRoot>
          <NotFound />
        </ThemeRoot>,
      );
    },
    unmount: async () => {
      notFoundRoot?.unmount();
      notFoundRoot = null;
    },
  }),
  activeWhen: (location) => areaFor(location.pathname) === undefined,
});

start({ urlRerouteOnly: true });

// One single-spa application per area. Its lifecycles load the remote's own lifecycles through the
// Module Federation runtime on first mount; while loading it shows a spinner, and if the remote
// cannot be loaded it shows an error panel with a retry, leaving the rest of the shell working.
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AppProps, LifeCycleFn, LifeCycles } from 'single-spa';
import { ErrorPanel, PageContainer, Spinner, ThemeRoot } from '@lectern/shell-kit';
import type { ReactNode } from 'react';
import { manifestUrl } from './area.registry.ts';
import type { Area } from './area.registry.ts';

type Lifecycle = LifeCycleFn<AppProps> | LifeCycleFn<AppProps>[];

/** Tell the MF runtime where each remote's manifest lives; `force` drops a cached failure. */
export function registerAreaRemotes(areas: readonly Area[], force = false): void {
  registerRemotes(
    areas.map((area) => ({ name: area.name, entry: manifestUrl(area.name) })),
    { force },
  );
}

async function runLifecycle(lifecycle: Lifecycle | undefined, props: AppProps): Promise<void> {
  for (const fn of Array.isArray(lifecycle) ? lifecycle : lifecycle ? [lifecycle] : []) await fn(props);
}

async function loadAreaLifecycles(area: Area): Promise<LifeCycles> {
  const remote = await loadRemote<Partial<LifeCycles>>(`${area.name}/app`);
  if (!remote || typeof remote.mount !== 'function' || typeof remote.unmount !== 'function') {
    throw new Error(`${area.name}/app does not export single-spa lifecycles (bootstrap, mount, unmount)`);
  }
  return remote as LifeCycles;
}

function AreaUnavailable({ area, onRetry }: { area: Area; onRetry: () => void }) {
  return (
    <PageContainer>
      <ErrorPanel
        title={`The ${area.label} area could not be loaded`}
        message={`Lectern could not load the ${area.label} area (${area.name}). The rest of Lectern still works: use the links above, or try again in a moment.`}
        onRetry={onRetry}
        retryLabel="Retry"
      />
    </PageContainer>
  );
}

export function createAreaApplication(area: Area, container: HTMLElement): LifeCycles {
  const statusElement = document.createElement('div');
  const appElement = document.createElement('div');
  // The public layout lets the mounted area's page fill the window (ShellFrame).
  appElement.dataset.areaApp = '';
  container.append(statusElement, appElement);

  let statusRoot: Root | null = null;
  let remote: LifeCycles | null = null;
  let remoteBootstrapped = false;
  let remoteMounted = false;
  let active = false;
  let failed = false;

  const showStatus = (node: ReactNode) => {
    statusRoot ??= createRoot(statusElement);
    statusRoot.render(<ThemeRoot>{node}</ThemeRoot>);
  };
  const clearStatus = () => {
    statusRoot?.unmount();
    statusRoot = null;
  };

  async function mountRemote(props: AppProps): Promise<void> {
    const remoteProps = { ...props, domElement: appElement } as AppProps;
    try {
      if (!remote) {
        showStatus(<Spinner label={`Loading ${area.label}…`} />);
        if (failed) registerAreaRemotes([area], true);
        remote = await loadAreaLifecycles(area);
      }
      if (!remoteBootstrapped) {
        await runLifecycle(remote.bootstrap, remoteProps);
        remoteBootstrapped = true;
      }
      if (!active) return;
      clearStatus();
      await runLifecycle(remote.mount, remoteProps);
      remoteMounted = true;
      failed = false;
    } catch (error) {
      failed = true;
      remote = null;
      remoteBootstrapped = false;
      console.error(`[lectern] area "${area.name}" failed to load from ${manifestUrl(area.name)}`, error);
      if (active) showStatus(<AreaUnavailable area={area} onRetry={() => void mountRemote(props)} />);
    }
  }

  return {
    bootstrap: async () => {},
    mount: async (props) => {
      active = true;
      container.dataset.areaActive = '';
      await mountRemote(props);
    },
    unmount: async (props) => {
      active = false;
      delete container.dataset.areaActive;
      if (remote && remoteMounted) {
        remoteMounted = false;
        await runLifecycle(remote.unmount, { ...props, domElement: appElement } as AppProps);
      }
      clearStatus();
    },
  };
}

// The one webpack + Module Federation config for the shell (host) and every remote.
// Shared singletons are listed once here so all five builds agree on them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';

// The MF plugin reads webpack internals at load time: point it at the webpack this package pins
// (see webpack.bin.js) before loading it.
const localRequire = createRequire(import.meta.url);
process.env.FEDERATION_WEBPACK_PATH ??= localRequire.resolve('webpack');
/** @type {typeof import('@module-federation/enhanced/webpack')} */
const { ModuleFederationPlugin } = localRequire('@module-federation/enhanced/webpack');

/** Packages every build shares as one instance (one React, one session store, one theme). */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'styled-components',
  'zustand',
  'single-spa',
  '@lectern/shell-kit',
];

/** Dev-server ports per front end (ARCHITECTURE.md). */
export const DEV_PORTS = { shell: 3000, marketing: 3001, staff: 3002, member: 3003, console: 3004 };

/** The edge (one origin) that dev servers proxy `/api` to. */
export const EDGE_URL = process.env.LECTERN_EDGE_URL ?? 'http://localhost:8080';

/** URL prefix under which the edge serves a remote's bundle and its mf-manifest.json. */
export const remotePublicPath = (/** @type {string} */ name) => `/mfe/${name}/`;

/**
 * Version of an installed package, found by walking up from `fromDir` (workspaces hoist deps).
 * @param {string} pkg @param {string} fromDir @returns {string | undefined}
 */
export function installedVersion(pkg, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Shared config: singletons, required version = the installed major/minor range.
 * Deep imports (`react/jsx-runtime`) take their package's version.
 * @param {string} packageDir
 */
export function sharedConfig(packageDir) {
  /** @type {Record<string, { singleton: true, requiredVersion: string | false }>} */
  const shared = {};
  for (const request of SHARED_SINGLETONS) {
    const parts = request.split('/');
    const pkg = request.startsWith('@') ? parts.slice(0, 2).join('/') : String(parts[0]);
    const version = installedVersion(pkg, packageDir);
    shared[request] = { singleton: true, requiredVersion: version ? `^${version}` : false };
  }
  return shared;
}

/**
 * @typedef {object} FrontendOptions
 * @property {'shell' | 'marketing' | 'staff' | 'member' | 'console'} name
 * @property {string} packageDir  absolute path of the package (import.meta.dirname)
 * @property {'development' | 'production'} [mode]
 * @property {string} [title]      document title for the HTML page
 * @property {Record<string, string>} [exposes]  remotes only, e.g. { './app': './src/app.tsx' }
 * @property {string} [entry]      defaults to ./src/index.ts
 */

/**
 * Webpack config for the host (`name: 'shell'`) or a remote.
 * The host declares no remotes: it registers them at run time from their manifests.
 * @param {FrontendOptions} options
 * @returns {import('webpack').Configuration & { devServer?: object }}
 */
export function createFrontendConfig(options) {
  const { name, packageDir, mode = 'production', title = 'Lectern' } = options;
  const isHost = name === 'shell';
  const dev = mode === 'development';
  const port = DEV_PORTS[name];
  if (port === undefined) throw new Error(`Unknown front end "${name}": expected one of ${Object.keys(DEV_PORTS).join(', ')}`);
  const publicPath = isHost ? '/' : remotePublicPath(name);
  const entry = options.entry ?? './src/index.ts';
  // A remote's standalone page (its own entry + HTML) exists only for its dev server.
  const withPage = isHost || dev;

  const require = createRequire(join(packageDir, 'package.json'));
  const federation = new ModuleFederationPlugin({
    name: isHost ? 'shell' : name,
    ...(isHost
      ? {}
      : {
          filename: 'remoteEntry.js',
          exposes: options.exposes ?? { './app': './src/app.tsx' },
          // The container's global must not be the remote's bare name: `var console = …` would
          // replace window.console.
          library: { type: 'var', name: `lectern_mfe_${name}` },
        }),
    shared: sharedConfig(packageDir),
    manifest: true,
    dts: false,
  });

  return {
    mode,
    context: packageDir,
    entry: withPage ? { main: entry } : {},
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: join(packageDir, 'dist'),
      publicPath,
      uniqueName: `lectern_${name}`,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2022',
                transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
              },
            },
          },
        },
        { test: /\.(png|svg|jpe?g|gif|webp|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    // Plugins are typed against the hoisted webpack but run on the pinned one (see webpack.bin.js).
    plugins: /** @type {import('webpack').WebpackPluginInstance[]} */ (
      /** @type {unknown[]} */ ([
        federation,
        ...(withPage
          ? [new HtmlWebpackPlugin({ template: join(packageDir, 'src/index.html'), title, publicPath, chunks: ['main'], scriptLoading: 'defer' })]
          : []),
      ])
    ),
    performance: { hints: false },
    stats: dev ? 'minimal' : 'normal',
    devServer: {
      port,
      host: 'localhost',
      hot: false,
      liveReload: true,
      devMiddleware: { publicPath },
      historyApiFallback: { index: `${publicPath}index.html` },
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        { context: ['/api'], target: EDGE_URL, ws: true, changeOrigin: false },
        // The shell's dev server reaches each remote's dev server under the same prefix the edge uses.
        ...(isHost
          ? Object.entries(DEV_PORTS)
              .filter(([remote]) => remote !== 'shell')
              .map(([remote, remotePort]) => ({ context: [remotePublicPath(remote)], target: `http://localhost:${remotePort}` }))
          : []),
      ],
    },
  };
}

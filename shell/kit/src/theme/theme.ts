// The one Lectern theme. Every MFE reads it through styled-components' ThemeProvider.
export const theme = {
  colors: {
    ink: '#1b2433',
    inkMuted: '#5b6678',
    page: '#f6f4ef',
    surface: '#ffffff',
    border: '#e3dfd6',
    primary: '#24406b',
    primaryHover: '#1b3256',
    primaryText: '#ffffff',
    accent: '#c8902e',
    accentSoft: '#f7ecd7',
    danger: '#b4322d',
    dangerSoft: '#fbeceb',
    success: '#2f7a4f',
    successSoft: '#e6f3ea',
    info: '#2b5f9e',
    infoSoft: '#e8f0fa',
  },
  fonts: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "Georgia, 'Iowan Old Style', 'Times New Roman', serif",
  },
  radius: { sm: '6px', md: '10px', lg: '16px' },
  shadow: {
    card: '0 1px 2px rgba(27, 36, 51, 0.06), 0 4px 16px rgba(27, 36, 51, 0.06)',
    raised: '0 8px 30px rgba(27, 36, 51, 0.14)',
  },
  layout: { maxWidth: '1120px', headerHeight: '64px' },
  /** Stacking order: the shell's sticky header and bars, modal dialogs over them, toasts over everything. */
  layers: { chrome: 100, modal: 200, toast: 1000 },
} as const;

export type LecternTheme = typeof theme;

// Typed `theme` in every styled component of every package that imports the kit.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface DefaultTheme extends LecternTheme {}
}

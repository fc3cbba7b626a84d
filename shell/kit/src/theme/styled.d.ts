import 'styled-components';
import type { LecternTheme } from './theme.ts';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface DefaultTheme extends LecternTheme {}
}

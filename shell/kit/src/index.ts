// @lectern/shell-kit: shared as a Module Federation singleton so every MFE sees one session,
// one set of flags, one toast stack and one theme.
export { sessionStore, useSession, createSessionStore, isStaffRole, homePathFor } from './session/session.store.ts';
export type { Role, SessionUser, SessionStatus, SessionState } from './session/session.store.ts';
export { api, createApiClient } from './api/api.client.ts';
export type { ApiClient, ApiClientOptions, RequestOptions } from './api/api.client.ts';
export { ApiError, apiErrorFrom } from './api/api.error.ts';
export type { ProblemDetails } from './api/api.error.ts';
export { flagsStore, useFlag, createFlagsStore, FLAG_DEFAULTS } from './flags/flags.store.ts';
export type { FlagName, FlagsState, FlagsStatus } from './flags/flags.store.ts';
export { toastStore, showToast, useToasts, createToastStore } from './toasts/toast.store.ts';
export type { Toast, ToastKind } from './toasts/toast.store.ts';
export { ToastViewport } from './toasts/ToastViewport.tsx';
export { theme } from './theme/theme.ts';
export type { LecternTheme } from './theme/theme.ts';
export { ThemeRoot } from './theme/ThemeRoot.tsx';
export { navigateTo } from './navigation/navigation.ts';
export { AppLink } from './navigation/AppLink.tsx';
export { Button } from './ui/Button.tsx';
export type { ButtonVariant } from './ui/Button.tsx';
export { Card, PageContainer, PageTitle, Lead } from './ui/Card.tsx';
export { Panel, NotYetAvailable } from './ui/Panel.tsx';
export { ErrorPanel } from './ui/ErrorPanel.tsx';
export { Spinner } from './ui/Spinner.tsx';
export { NotFound } from './ui/NotFound.tsx';
export { SomethingWentWrong } from './ui/SomethingWentWrong.tsx';

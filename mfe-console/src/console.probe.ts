// The console gate's probe (spec 000 §2: "a successful probe of the console profile function"):
// identity answers the console profile only to an active staff user while the console flags are
// on; any refusal keeps the user out. The server stays the authority on every console call.
import { consoleApi } from './console.api.ts';

export async function consoleProbe(): Promise<boolean> {
  await consoleApi.profile();
  return true;
}

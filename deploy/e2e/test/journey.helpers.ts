// One browser journey's set-up, declared once: the back end (startStack), headless Chromium, pages
// that record their uncaught errors, and signing in through the real form. `browserJourney()`
// registers its own beforeAll/afterAll, so a journey's later beforeAll (seeding people, flags)
// already has the stack.
import { afterAll, beforeAll } from '@jest/globals';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Person } from './auth.fixtures.ts';
import { assertFrontEndsBuilt, launchBrowser } from './frontend.helpers.ts';
import { signInThroughForm, VISIBLE } from './signin.helpers.ts';
import { startStack } from './stack.helpers.ts';
import type { Stack, StackOptions } from './stack.helpers.ts';

export const DESKTOP = { width: 1280, height: 900 } as const;

export interface JourneyContextOptions extends BrowserContextOptions {
  /** Prefixes this context's entries in `pageErrors` (e.g. 'staff: ' beside a member's pages). */
  errorLabel?: string;
}

export interface BrowserJourney {
  /** The running back end (inside tests and hooks registered after `browserJourney()`). */
  readonly stack: Stack;
  readonly browser: Browser;
  /** Uncaught errors of every page opened through this journey, for its closing `assert.deepEqual(pageErrors, [])`. */
  readonly pageErrors: string[];
  /** A fresh context (desktop viewport unless given) whose pages record their uncaught errors. */
  newContext(options?: JourneyContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context of its own (close it with `page.context().close()`). */
  newPage(options?: JourneyContextOptions): Promise<Page>;
  /** Signs `person` in through the /login form (then optionally at `from`) and waits until the page has left /login. */
  signIn(page: Page, person: Person, from?: string): Promise<void>;
  /** A page in a fresh context, signed in as `person`, opened at `path`. */
  signedInAt(person: Person, path: string, options?: JourneyContextOptions): Promise<Page>;
}

export function browserJourney(options: StackOptions = {}): BrowserJourney {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const pageErrors: string[] = [];
  // A set-up that Jest timed out is still starting: afterAll gives it up, which stops what it started.
  const startUp = new AbortController();
  let starting: Promise<Stack> | undefined;

  // The set-up and tear-down times go to stderr: they are the journeys' fixed cost in CI.
  beforeAll(async () => {
    assertFrontEndsBuilt();
    const since = performance.now();
    starting = startStack({ ...options, signal: startUp.signal });
    stack = await starting;
    browser = await launchBrowser();
    process.stderr.write(`[journey] stack and browser ready in ${((performance.now() - since) / 1000).toFixed(1)} s\n`);
  });

  afterAll(async () => {
    const since = performance.now();
    startUp.abort(new Error('the journey ended before its stack was ready'));
    const started = await starting?.catch(() => undefined);
    await browser?.close();
    await started?.stop();
    process.stderr.write(`[journey] stopped in ${((performance.now() - since) / 1000).toFixed(1)} s\n`);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the journey's ${what} is not started yet: use it inside a test or a beforeAll registered after browserJourney()`);
    return value;
  };

  const journey: BrowserJourney = {
    get stack() {
      return started(stack, 'stack');
    },
    get browser() {
      return started(browser, 'browser');
    },
    pageErrors,
    async newContext({ errorLabel = '', ...contextOptions } = {}) {
      const context = await journey.browser.newContext({ viewport: DESKTOP, ...contextOptions });
      context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${errorLabel}${error.message}`)));
      return context;
    },
    async newPage(contextOptions) {
      return (await journey.newContext(contextOptions)).newPage();
    },
    async signIn(page, person, from) {
      await page.goto(`${journey.stack.origin}/login${from ? `?from=${encodeURIComponent(from)}` : ''}`);
      await signInThroughForm(page, person.email, person.password);
      await page.waitForURL((url) => url.pathname !== '/login', VISIBLE);
    },
    async signedInAt(person, path, contextOptions) {
      const page = await journey.newPage(contextOptions);
      await journey.signIn(page, person);
      await page.goto(`${journey.stack.origin}${path}`);
      return page;
    },
  };
  return journey;
}

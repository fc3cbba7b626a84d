// What the sermon journey observes inside the page, recorded as it happens so that short-lived
// states (an upload bar at 40%, a step at 'processing', a toast) are not missed between polls:
// a MutationObserver journal, and the print path caught at the hidden frame's print() call.
import { patience } from '@lectern/local-stack/testing';
import type { Page } from 'playwright-core';

/**
 * Runs in every document before the page's scripts. The journal lives on the window, so a reload
 * or full navigation empties it (the journey relies on that to prove the updates came live).
 * Printing: the staff MFE appends a hidden iframe, writes the document into it and calls its
 * print(); the frame's print is replaced right after it is appended, and records the document.
 */
export const JOURNAL_SCRIPT = `(() => {
  const journal = [];
  const printed = [];
  Object.assign(window, { __sermonJournal: journal, __printed: printed });
  let last = '';
  const text = (el) => (el ? el.textContent.replace(/\\s+/g, ' ').trim() : '');
  const snapshot = () => {
    const upload = document.querySelector('[data-testid="upload-progress"]');
    const bar = upload && upload.querySelector('[role="progressbar"]');
    const steps = Array.from(document.querySelectorAll('section[aria-label="Processing progress"] [data-step]'))
      .map((el) => el.getAttribute('data-step') + '=' + el.getAttribute('data-state') + '(' + text(el.querySelector('span')) + ')')
      .join(' ');
    const toasts = Array.from(document.querySelectorAll('[aria-live] [role="status"], [aria-live] [role="alert"]')).map((el) => text(el.querySelector('strong') || el));
    const entry = {
      path: location.pathname,
      upload: upload ? { percent: Number(bar ? bar.getAttribute('aria-valuenow') : 0), text: text(upload) } : null,
      steps,
      toasts,
      at: Date.now(),
    };
    const key = JSON.stringify([entry.path, entry.upload, entry.steps, entry.toasts]);
    if (key !== last) {
      last = key;
      journal.push(entry);
    }
  };
  const observe = () => new MutationObserver(snapshot).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe);

  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function (node) {
    const result = append.call(this, node);
    if (node instanceof HTMLIFrameElement && node.contentWindow) {
      const frame = node;
      node.contentWindow.print = () => {
        const doc = frame.contentDocument;
        printed.push({
          title: doc.title,
          heading: text(doc.querySelector('h1')),
          stamp: text(doc.querySelector('.printed')),
          text: doc.body.innerText,
          html: doc.documentElement.outerHTML,
        });
      };
    }
    return result;
  };
})();`;

export interface JournalEntry {
  path: string;
  upload: { percent: number; text: string } | null;
  steps: string;
  toasts: string[];
  at: number;
}

export interface PrintedDocument {
  title: string;
  heading: string;
  stamp: string;
  text: string;
  html: string;
}

async function journal(page: Page): Promise<JournalEntry[]> {
  return page.evaluate(() => (globalThis as unknown as { __sermonJournal?: JournalEntry[] }).__sermonJournal ?? []);
}

export async function uploadJournal(page: Page): Promise<{ percent: number; text: string }[]> {
  return (await journal(page)).flatMap((entry) => (entry.upload ? [entry.upload] : []));
}

export async function stepperJournal(page: Page): Promise<{ path: string; steps: string; at: number }[]> {
  return (await journal(page)).filter((entry) => entry.steps !== '').map(({ path, steps, at }) => ({ path, steps, at }));
}

/** Every toast text seen in this document, in order, once each. */
export async function toastJournal(page: Page): Promise<string[]> {
  return [...new Set((await journal(page)).flatMap((entry) => entry.toasts))];
}

/** The documents sent to print in this document, once `count` of them have been. */
export async function printedDocuments(page: Page, count: number): Promise<PrintedDocument[]> {
  await page.waitForFunction((n) => ((globalThis as unknown as { __printed?: unknown[] }).__printed ?? []).length >= n, count, { timeout: patience(10_000) });
  return page.evaluate(() => (globalThis as unknown as { __printed: PrintedDocument[] }).__printed);
}

export interface DroppedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** Drops files on an element as a person dragging them from the desktop would (a real DataTransfer). */
export async function dropFiles(page: Page, selector: string, files: DroppedFile[]): Promise<void> {
  const payload = JSON.stringify({ selector, files: files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') })) });
  await page.evaluate(`(() => {
    const { selector, files } = ${payload};
    const target = document.querySelector(selector);
    if (!target) throw new Error('nothing to drop on: ' + selector);
    const transfer = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  })()`);
}

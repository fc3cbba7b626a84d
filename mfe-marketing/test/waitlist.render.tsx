// The waitlist's routes in a memory router, for component tests: the landing page's capture form
// (waitlist mode) at /, the thank-you and confirm pages, and a stand-in /signup target.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeRoot } from '@lectern/shell-kit';
import { EmailCaptureForm } from '../src/waitlist/EmailCaptureForm.tsx';
import { WaitlistConfirmPage, WaitlistThankYouPage } from '../src/waitlist/WaitlistPages.tsx';

export function showWaitlist(path: string) {
  return render(
    <ThemeRoot>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<EmailCaptureForm mode="waitlist" />} />
          <Route path="/waitlist/thank-you" element={<WaitlistThankYouPage />} />
          <Route path="/waitlist/confirm" element={<WaitlistConfirmPage />} />
          <Route path="/signup" element={<p>signup page</p>} />
        </Routes>
      </MemoryRouter>
    </ThemeRoot>,
  );
}

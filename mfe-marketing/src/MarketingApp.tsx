// Public pages: home, sign-in, account chooser, signup, pricing, legal and result pages.
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { NotFound, ThemeRoot } from '@lectern/shell-kit';
import { HomePage } from './pages/HomePage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { CreateAccountPage } from './pages/CreateAccountPage.tsx';
import { SignupPage } from './pages/SignupPage.tsx';
import { PricingPage } from './pages/PricingPage.tsx';
import { LegalPage } from './pages/LegalPage.tsx';
import { ACCEPTABLE_USE_POLICY, PRIVACY_POLICY, TERMS_OF_SERVICE } from './legal/legal.texts.ts';
import { CheckoutCancelledPage } from './pages/CheckoutCancelledPage.tsx';
import { WaitlistConfirmPage, WaitlistThankYouPage } from './waitlist/WaitlistPages.tsx';
import { MarketingFooter } from './pages/MarketingFooter.tsx';
import { VerifyEmailPage } from './pages/VerifyEmailPage.tsx';
import { BillingSuccessPage } from './pages/BillingSuccessPage.tsx';
import { OfferCheckoutPage, SpecialOfferPage, SpecialOfferPaymentPage } from './offers/SpecialOfferPages.tsx';
import { ConfirmedPage } from './pages/ConfirmedPage.tsx';
import { OnboardingPage } from './pages/OnboardingPage.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';

// Grows in the shell's public layout (a flex column that fills the window), keeping the footer at
// the bottom edge under a short page.
const PageBody = styled.div`
  flex: 1 0 auto;
`;

export function MarketingApp() {
  return (
    <ThemeRoot>
      <BrowserRouter>
        <PageBody>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/create-account" element={<CreateAccountPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/pricing" element={<PricingPage />} />
            <Route path="/acceptable-use-policy" element={<LegalPage title="Acceptable Use Policy" sections={ACCEPTABLE_USE_POLICY} />} />
            <Route path="/privacy-policy" element={<LegalPage title="Privacy Policy" sections={PRIVACY_POLICY} />} />
            <Route path="/terms-of-service" element={<LegalPage title="Terms of Service" sections={TERMS_OF_SERVICE} />} />
            <Route path="/billing/cancel" element={<CheckoutCancelledPage />} />
            <Route path="/billing/success" element={<BillingSuccessPage />} />
            <Route path="/waitlist/thank-you" element={<WaitlistThankYouPage />} />
            <Route path="/waitlist/confirm" element={<WaitlistConfirmPage />} />
            <Route path="/verify-email" element={<VerifyEmailPage />} />
            <Route path="/confirmed" element={<ConfirmedPage />} />
            <Route path="/onboarding" element={<OnboardingPage />} />
            <Route path="/cotr-special" element={<SpecialOfferPage />} />
            <Route path="/cotr-special-step2" element={<SpecialOfferPaymentPage />} />
            {/* The generic offer checkout, mounted by the console's checkout demo (QA). */}
            <Route path="/offer-checkout/:offerKey" element={<OfferCheckoutPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </PageBody>
        <MarketingFooter />
      </BrowserRouter>
    </ThemeRoot>
  );
}

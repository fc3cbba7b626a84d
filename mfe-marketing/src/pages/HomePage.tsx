import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, useFlag } from '@lectern/shell-kit';
import { Badge, ButtonRow, Grid, Section, SectionLead, SectionTitle } from './marketing.styles.ts';
import { CustomerProof } from './CustomerProof.tsx';
import { EmailCaptureForm } from '../waitlist/EmailCaptureForm.tsx';

const Hero = styled.section`
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.primary} 0%, #17294a 100%);
  color: #fff;
`;

const HeroInner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 5rem 1.5rem 4.5rem;
  display: grid;
  grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
  gap: 3rem;
  align-items: center;
  @media (max-width: 860px) { grid-template-columns: 1fr; }
  h1 { font-size: clamp(2.2rem, 4.5vw, 3.3rem); margin-bottom: 1rem; }
  p { font-size: 1.15rem; color: #d9e1ee; margin: 0 0 2rem; }
`;

const Eyebrow = styled.div`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-size: 0.85rem;
  margin-bottom: 0.75rem;
`;

const OutlineButton = styled(Button)`
  background: transparent;
  color: #fff;
  border-color: rgba(255, 255, 255, 0.5);
  &:hover:not(:disabled) { border-color: #fff; background: rgba(255, 255, 255, 0.08); }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 1.5rem;
  background: rgba(255, 255, 255, 0.07);
  border: 1px solid rgba(255, 255, 255, 0.15);
  border-radius: ${({ theme }) => theme.radius.lg};
  li { display: flex; gap: 0.9rem; align-items: baseline; padding: 0.7rem 0; }
  li + li { border-top: 1px solid rgba(255, 255, 255, 0.12); }
  span { font-family: ${({ theme }) => theme.fonts.heading}; color: ${({ theme }) => theme.colors.accent}; font-size: 1.3rem; }
  strong { display: block; }
  small { color: #c5cfdf; }
`;

const SecondaryRow = styled(ButtonRow)`
  margin-top: 1.5rem;
`;

const BenefitCard = styled(Card)`
  h3 { font-size: 1.15rem; margin-bottom: 0.35rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Band = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const CallToAction = styled(Card)`
  text-align: center;
  padding: 3rem 1.5rem;
  h2 { font-size: 1.8rem; }
  p { color: ${({ theme }) => theme.colors.inkMuted}; margin: 0 0 1.5rem; }
  ${ButtonRow} { justify-content: center; }
`;

/** The eight benefits, from the spec's description of the product and its plans. */
const BENEFITS = [
  { title: 'Transcripts', text: 'Every sermon recording, audio or video, becomes a full transcript you can download and print.' },
  { title: 'Sermon outlines', text: 'A structured outline with the main theme, main points, scripture references and applications.' },
  { title: '5-day devotionals', text: 'A five-day devotional series from each sermon, every day in a short and a long form.' },
  { title: 'Small-group guides', text: 'Discussion material so small groups can carry the message through the week.' },
  { title: 'Review before publishing', text: 'Staff review and edit the outline and devotionals, then publish when they are ready.' },
  { title: 'Members area', text: 'Members read published sermons, mark them read or complete, keep favourites and track progress.' },
  { title: 'Devotional reminders', text: 'Connect your own SMTP e-mail service to send devotional reminders to your church.' },
  { title: 'Staff seats and white-label API', text: 'Seats for your pastors and staff; the Premium plan adds a white-label API.' },
];

export function HomePage() {
  const signupEnabled = useFlag('signup_enabled');
  return (
    <>
      <Hero>
        <HeroInner>
          <div>
            <Eyebrow>For churches and ministries</Eyebrow>
            <h1>Turn every sermon into study material for the whole week</h1>
            <p>
              Upload a sermon recording. Lectern turns it into a transcript, an outline and a 5-day devotional series that
              your staff review and your members read.
            </p>
            <EmailCaptureForm id="waitlist" mode={signupEnabled ? 'get-started' : 'waitlist'} onDark />
            <SecondaryRow>
              <OutlineButton as={Link} to="/create-account">
                Create Account
              </OutlineButton>
              <OutlineButton as={Link} to="/login">
                Sign In
              </OutlineButton>
            </SecondaryRow>
          </div>
          <Steps aria-label="How it works">
            <li>
              <span>1</span>
              <div>
                <strong>Upload the recording</strong>
                <small>Audio or video, with title, speaker and date.</small>
              </div>
            </li>
            <li>
              <span>2</span>
              <div>
                <strong>Lectern does the writing</strong>
                <small>Transcript, outline and five days of devotionals, with progress for each step.</small>
              </div>
            </li>
            <li>
              <span>3</span>
              <div>
                <strong>Review, publish, share</strong>
                <small>Edit, print and publish to your members area.</small>
              </div>
            </li>
          </Steps>
        </HeroInner>
      </Hero>

      <Section id="features">
        <SectionTitle>Everything a sermon can become</SectionTitle>
        <SectionLead>One recording, a week of material: for the pulpit, for small groups and for every member at home.</SectionLead>
        <Grid>
          {BENEFITS.map((benefit) => (
            <BenefitCard key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </BenefitCard>
          ))}
        </Grid>
      </Section>

      <Band>
        <Section id="integrations">
          <SectionTitle>Integrations</SectionTitle>
          <SectionLead>Connect Lectern to the church management system you already use.</SectionLead>
          <Grid $min="260px">
            {['Rock RMS', 'Planning Center'].map((name) => (
              <BenefitCard key={name}>
                <Badge>Coming soon</Badge>
                <h3 style={{ marginTop: '0.6rem' }}>{name}</h3>
                <p>Sync your members from {name} into Lectern.</p>
              </BenefitCard>
            ))}
          </Grid>
        </Section>
      </Band>

      <CustomerProof />

      <Section>
        <CallToAction>
          <h2>Ready to start?</h2>
          <p>Compare the Standard and Premium plans and choose what fits your church.</p>
          <ButtonRow>
            <Button as={Link} to="/pricing">
              {signupEnabled ? 'Get Started →' : 'Join the Waitlist'}
            </Button>
          </ButtonRow>
        </CallToAction>
      </Section>
    </>
  );
}

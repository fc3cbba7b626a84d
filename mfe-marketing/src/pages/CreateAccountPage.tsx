import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, useFlag } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';

const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1.25rem;
  margin: 1.75rem 0 1.25rem;
  @media (max-width: 640px) { grid-template-columns: 1fr; }
`;

const Choice = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  h2 { font-size: 1.25rem; margin: 0; }
  p { margin: 0; color: ${({ theme }) => theme.colors.inkMuted}; flex: 1; }
`;

const Footnote = styled.p`
  text-align: center;
`;

/** The signup chooser: join an existing church, or create one. */
export function CreateAccountPage() {
  const signupEnabled = useFlag('signup_enabled');
  const choices = [
    { title: 'Join Your Organization', text: 'Your church already uses Lectern: join it with your invitation.', mode: 'join' },
    { title: 'Create Organization Account', text: 'Set up Lectern for your church and choose a plan.', mode: 'create' },
  ];
  return (
    <AuthLayout wide>
      <h1>Create your account</h1>
      <p>How would you like to start?</p>
      <Choices>
        {choices.map((choice) => (
          <Choice key={choice.mode}>
            <h2>{choice.title}</h2>
            <p>{choice.text}</p>
            {signupEnabled ? (
              <Button as={Link} to={`/signup?mode=${choice.mode}`}>
                Continue
              </Button>
            ) : (
              <Button type="button" disabled>
                Coming Soon
              </Button>
            )}
          </Choice>
        ))}
      </Choices>
      <Footnote>
        Already have an account? <Link to="/login">Sign In</Link>
      </Footnote>
    </AuthLayout>
  );
}

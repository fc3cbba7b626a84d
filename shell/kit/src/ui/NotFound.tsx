import styled from 'styled-components';
import { AppLink } from '../navigation/AppLink.tsx';
import { Button } from './Button.tsx';

const Wrap = styled.div`
  text-align: center;
  padding: 5rem 1.5rem;
  p { color: ${({ theme }) => theme.colors.inkMuted}; margin-bottom: 1.5rem; }
`;

const Code = styled.div`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 4.5rem;
  color: ${({ theme }) => theme.colors.accent};
  line-height: 1;
  margin-bottom: 0.5rem;
`;

/** The spec's not-found view: 'Page Not Found' with a Return Home link. */
export function NotFound() {
  return (
    <Wrap>
      <Code aria-hidden="true">404</Code>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Button as={AppLink} href="/">
        Return Home
      </Button>
    </Wrap>
  );
}

import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Footer = styled.footer`
  background: #142238;
  color: #c5cfdf;
  margin-top: 2rem;
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2.5rem 1.5rem;
  display: grid;
  grid-template-columns: 2fr 1fr 1fr 1fr;
  gap: 2rem;
  @media (max-width: 760px) { grid-template-columns: 1fr 1fr; }
  h4 { color: #fff; margin: 0 0 0.6rem; font-size: 0.95rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { margin: 0.3rem 0; }
  a { color: #c5cfdf; text-decoration: none; }
  a:hover { color: #fff; }
  p { margin: 0; font-size: 0.92rem; }
`;

const Brand = styled.div`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 1.3rem;
  color: #fff;
  margin-bottom: 0.4rem;
`;

/** Footer links from the spec: features, pricing, integrations, support and the legal pages. */
export function MarketingFooter() {
  return (
    <Footer>
      <Inner>
        <div>
          <Brand>Lectern</Brand>
          <p>Sermon recordings into transcripts, outlines and devotionals for your church.</p>
        </div>
        <div>
          <h4>Product</h4>
          <ul>
            <li><a href="/#features">Features</a></li>
            <li><Link to="/pricing">Pricing</Link></li>
            <li><a href="/#integrations">Integrations</a></li>
          </ul>
        </div>
        <div id="support">
          <h4>Support</h4>
          <p>Standard plans include standard support; Premium adds priority live chat.</p>
        </div>
        <div>
          <h4>Legal</h4>
          <ul>
            <li><Link to="/privacy-policy">Privacy Policy</Link></li>
            <li><Link to="/terms-of-service">Terms of Service</Link></li>
            <li><Link to="/acceptable-use-policy">Acceptable Use Policy</Link></li>
          </ul>
        </div>
      </Inner>
    </Footer>
  );
}

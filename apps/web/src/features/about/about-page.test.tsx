import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { AboutPage } from './about-page';

describe('the about page', () => {
  // Tests run with the tool-equipment variant's texts.
  it('says who provides the console and lists the licences of what it is built on, with their links', async () => {
    stubFetch({
      // Beside the bundle (the tests' base is the root).
      'GET /licences.json': {
        body: [
          { name: 'react', version: '19.2.0', author: 'Meta', license: 'MIT', link: 'https://react.dev' },
          { name: 'left-pad', version: '1.3.0', author: null, license: 'WTFPL', link: null },
        ],
      },
    });
    renderRoute([{ path: '/about', element: <AboutPage /> }], '/about', 'series-user');
    expect(screen.getByRole('heading', { name: 'About', level: 1 })).toBeVisible();
    expect(
      screen.getByText(
        'Fleet Console for tool equipment is provided by the manufacturer of your workshop measuring tools.',
      ),
    ).toBeVisible();
    const privacy = screen.getByRole('link', { name: 'Privacy policy' });
    expect(privacy).toHaveAttribute('href', 'http://localhost:8080/idp/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    const table = await screen.findByRole('table', { name: 'Third-party licences' });
    const react = within(table).getByRole('row', { name: /react/ });
    expect(react).toHaveTextContent('MIT');
    expect(within(react).getByRole('link', { name: 'react.dev' })).toHaveAttribute(
      'href',
      'https://react.dev',
    );
    expect(within(table).getByRole('row', { name: /left-pad/ })).toHaveTextContent('WTFPL');
  });

  it('says when the licences cannot be loaded', async () => {
    stubFetch({});
    renderRoute([{ path: '/about', element: <AboutPage /> }], '/about', 'series-user');
    expect(await screen.findByText('The list of licences could not be loaded.')).toBeVisible();
  });
});

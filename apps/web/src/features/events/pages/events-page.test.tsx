import { addDays, todayAt } from '@residency/shared/dates';
import type { TVenue } from '@residency/shared/events';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/store';
import { getSite } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import EventsPage from './events-page';
import { stubRelativeRequest } from '../../../test/relative-request';

// jsdom paints nothing: the form, fetched after the first paint in a browser, comes at once here.
vi.mock('../../../lib/after-first-paint', () => ({
  afterFirstPaint: (task: () => void) => {
    task();
    return () => {};
  },
}));

const venues: TVenue[] = [
  {
    _id: 'v1',
    name: 'Padma Hall',
    description: 'Our grand ballroom.',
    area: 520,
    capacities: { 'Theater Style': 400, 'Classroom Setup': 220 },
    images: [],
    translations: { bn: { name: 'পদ্মা হল' } },
    sortOrder: 1,
  },
];

/** What the server is asked to answer to POST /api/events; the requests it received. */
let answer: { status: number; body: unknown };
let sent: unknown[];

beforeAll(async () => {
  await initTestI18n('en');
  // jsdom lays nothing out: scrolling a section into view is a no-op here.
  Element.prototype.scrollIntoView = () => {};
});

beforeEach(() => {
  sent = [];
  answer = {
    status: 201,
    body: { success: true, data: { reference: 'EVT-7K3F9Q2M', email: 'nusrat@example.com' } },
  };
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input.url;
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (new URL(url, 'http://localhost').pathname === '/api/venues') return json(200, { success: true, data: venues });
      sent.push(JSON.parse(String(init?.body)));
      return json(answer.status, answer.body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(query = '') {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/events${query}`]}>
        <Routes>
          <Route
            path="/events"
            element={
              <>
                <Link to="/events?type=corporate">Corporate Meeting</Link>
                <EventsPage />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  // The form's chunk (lazy) has arrived.
  await screen.findByTestId('event-form');
}

const typeGroup = () => screen.getByTestId('event-eventType-group');

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  const date = addDays(todayAt(getSite().timeZone), 30);
  await user.type(screen.getByLabelText('Your name'), 'Nusrat Jahan');
  await user.type(screen.getByLabelText('E-mail'), 'nusrat@example.com');
  await user.type(screen.getByLabelText('Phone'), '+880 1711-223344');
  await user.click(within(typeGroup()).getByLabelText('Wedding'));
  await user.selectOptions(screen.getByLabelText('Layout'), 'Theater Style');
  await user.type(screen.getByLabelText('Number of guests'), '250');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '18:00' } });
  fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '23:00' } });
  return date;
}

describe('/events', () => {
  it('shows the halls with their seats per layout, and a drawn picture for a hall without one', async () => {
    await renderPage();
    const card = await screen.findByTestId('venue-card');
    expect(within(card).getByRole('heading', { name: 'Padma Hall' })).toBeInTheDocument();
    expect(within(card).getByTestId('venue-area')).toHaveTextContent('520 m²');
    const seats = within(card).getByRole('table', { name: 'Seats per layout in Padma Hall' });
    expect(within(seats).getByRole('row', { name: 'Classroom Setup 220' })).toBeInTheDocument();
    expect(within(seats).getByRole('row', { name: 'Theater Style 400' })).toBeInTheDocument();
    expect(within(card).getByTestId('venue-photo-fallback')).toHaveTextContent('No picture of Padma Hall yet');
  });

  it('preselects the type of the menu item it was opened from, and follows a new one', async () => {
    const user = userEvent.setup();
    await renderPage('?type=wedding');
    expect(within(typeGroup()).getByLabelText('Wedding')).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Corporate Meeting' }));
    expect(within(typeGroup()).getByLabelText('Corporate')).toBeChecked();
    expect(within(typeGroup()).getByLabelText('Wedding')).not.toBeChecked();
  });

  it('sends nothing while fields are missing, says why under each, and puts the keyboard on the first', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText('Number of guests')).toHaveAccessibleDescription('Say how many guests are coming.');
    expect(typeGroup()).toHaveAccessibleDescription('Choose the type of event.');
    expect(sent).toEqual([]);
  });

  it('sends a complete request and shows the reference and the e-mail in place of the form', async () => {
    const user = userEvent.setup();
    await renderPage();
    const date = await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const success = await screen.findByTestId('event-success');
    expect(success).toHaveFocus();
    expect(screen.getByTestId('event-reference')).toHaveTextContent('EVT-7K3F9Q2M');
    expect(success).toHaveTextContent('We have sent a copy to nusrat@example.com');
    expect(screen.queryByTestId('event-form')).toBeNull();
    expect(sent).toEqual([
      expect.objectContaining({ eventType: 'Wedding', layout: 'Theater Style', date, startTime: '18:00', endTime: '23:00', guestCount: 250, language: 'en' }),
    ]);

    // Another request keeps who is asking and starts the event afresh.
    await user.click(screen.getByRole('button', { name: 'Send another request' }));
    expect(screen.getByLabelText('Your name')).toHaveValue('Nusrat Jahan');
    expect(screen.getByLabelText('Number of guests')).toHaveValue(null);
  });

  it("shows the server's refusal of a field under that field", async () => {
    const user = userEvent.setup();
    answer = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'The event date cannot be in the past.',
        errors: [{ path: 'date', message: 'The event date cannot be in the past.' }],
      },
    };
    await renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveFocus());
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('The event date cannot be in the past.');
    expect(screen.getByRole('alert')).toHaveTextContent('Your request was not sent');
  });
});

import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { StudentProfile } from '../src/features/students/components/student-profile.tsx';
import { checkQuery } from '../src/features/students/forms/likely-duplicate-alert.tsx';
import { StudentForm } from '../src/features/students/forms/student-form.tsx';
import { emptyStudentValues, namesFromSearch } from '../src/features/students/forms/student-form-values.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import { fill, fillAddress, mockApi, pick, renderScreen, student } from './new-student-support.tsx';
import { jsonResponse, resetAfterEach } from './support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

function renderForm(onSubmit = vi.fn(), values = emptyStudentValues(), checkDuplicates = false) {
  const view = renderScreen(
    <StudentForm defaultValues={values} submitLabel="Next" onSubmit={onSubmit} checkDuplicates={checkDuplicates} />,
  );
  return { ...view, onSubmit };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

describe('name prefill from the search text (SPEC section 4)', () => {
  it('first word first name, middle words middle name, last word last name, each capitalised', () => {
    expect(namesFromSearch('john michael paul smith')).toEqual({
      first_name: 'John',
      middle_name: 'Michael Paul',
      last_name: 'Smith',
    });
    expect(namesFromSearch('  ann   lee ')).toEqual({ first_name: 'Ann', middle_name: '', last_name: 'Lee' });
  });

  it('a one-word search fills the first name only; the rest of a word stays as typed', () => {
    expect(namesFromSearch('maria')).toEqual({ first_name: 'Maria', middle_name: '', last_name: '' });
    expect(namesFromSearch('ronald mcDonald')).toEqual({ first_name: 'Ronald', middle_name: '', last_name: 'McDonald' });
    expect(namesFromSearch('')).toEqual({ first_name: '', middle_name: '', last_name: '' });
  });
});

describe('student form (SPEC section 5, New student)', () => {
  it('opens with the keyboard in its first field, not back at the top of the page', () => {
    mockApi({});
    renderForm();
    expect(field('First name')).toHaveFocus();
  });

  it('shows This field is required on every required field, word for word, and sends nothing', async () => {
    mockApi({});
    const { user, onSubmit } = renderForm(vi.fn(), { ...emptyStudentValues(), country: '' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const name of ['First name', 'Last name', 'Address', 'City', 'Zip code']) {
      expect(field(name)).toHaveAccessibleDescription(messages.fieldRequired);
    }
    expect(select('Country')).toHaveAccessibleDescription(messages.fieldRequired);
    expect(select('State')).toHaveAccessibleDescription(messages.fieldRequired);
    for (const name of ['Middle name', 'Address 2', 'Email', 'Phone', 'Social media']) {
      expect(field(name)).not.toHaveAccessibleDescription(messages.fieldRequired);
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('country defaults to United States, mailing to if_address_valid, and the state list is that country', async () => {
    const api = mockApi({});
    const { user, onSubmit } = renderForm();
    expect(select('Country')).toHaveValue('United States');
    expect(screen.getByRole('radio', { name: 'If the address is valid' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Always' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Never' })).not.toBeChecked();
    await waitFor(() => expect(api.to('GET', '/states')).toHaveLength(1));
    expect(api.to('GET', '/states')[0]?.search.get('country_name')).toBe('United States');

    await fill(user, 'First name', 'Ann');
    await fill(user, 'Last name', 'Lee');
    await fillAddress(user);
    await fill(user, 'Email', 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Validation runs asynchronously after the click: wait for its message.
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Email is not a valid email address'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field('Email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      first_name: 'Ann',
      middle_name: null,
      last_name: 'Lee',
      address: '1 Main St',
      address_2: null,
      city: 'Springfield',
      state: 'IL',
      country: 'United States',
      zip_code: '62701',
      email: null,
      phone: null,
      social_media: null,
      include_in_mailing_list: 'if_address_valid',
    });
  });

  it('loads the states again and empties the state when the country changes', async () => {
    const api = mockApi({});
    const { user } = renderForm();
    await pick(user, 'State', 'Illinois');
    expect(select('State')).toHaveValue('Illinois');

    await pick(user, 'Country', 'Canada');
    expect(select('State')).toHaveValue('');
    await waitFor(() => expect(api.to('GET', '/states').map((c) => c.search.get('country_name'))).toEqual(['United States', 'Canada']));
    await user.click(select('State'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: 'Illinois' })).toBeNull();
  });

  it('a country without states takes the state as text', async () => {
    mockApi({});
    const { user } = renderForm();
    await pick(user, 'Country', 'Monaco');
    expect(await screen.findByRole('textbox', { name: 'State' })).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
  });

  it('warns, without blocking, when a visible student is likely the same person (the import\'s keys)', async () => {
    const likely = (id: number, first: string, reasons: string[]) => ({
      id,
      first_name: first,
      middle_name: null,
      last_name: 'Smith',
      address: '1 Main St',
      city: 'Springfield',
      zip_code: '62701-1234',
      school: { id: 1, school_code: '101', church_name: 'Central' },
      reasons,
    });
    const api = mockApi({
      'GET /students/likely_duplicates': () =>
        jsonResponse({ students: [likely(5, 'Mary', ['name_and_zip']), likely(6, 'Maria', ['phone'])] }),
    });
    const { user } = renderForm(vi.fn(), emptyStudentValues(), true);
    await fill(user, 'First name', 'mary');
    await fill(user, 'Last name', 'smith');
    // A name without its zip asks nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.to('GET', '/students/likely_duplicates')).toEqual([]);
    await fill(user, 'Zip code', '62701');
    const warning = await screen.findByRole('status', {}, { timeout: 2000 });
    expect(warning).toHaveTextContent('Likely duplicate');
    expect(within(warning).getByRole('link', { name: 'Mary Smith' })).toHaveAttribute('href', '/students/5/overview');
    expect(warning).toHaveTextContent('(#101) Central · Same name and zip');
    expect(warning).toHaveTextContent('Maria Smith');
    expect(warning).toHaveTextContent('Same phone');
    const check = api.to('GET', '/students/likely_duplicates').at(-1);
    expect(Object.fromEntries(check!.search)).toEqual({ first_name: 'mary', last_name: 'smith', zip_code: '62701' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('checks an email or a phone alone too', () => {
    const none = { first_name: '', last_name: '', zip_code: '', email: '', phone: '' };
    expect(checkQuery(none)).toBeNull();
    expect(checkQuery({ ...none, first_name: 'Ann', last_name: 'Lee', zip_code: '62' })).toBeNull();
    expect(checkQuery({ ...none, email: 'ann@' })).toBeNull();
    expect(checkQuery({ ...none, email: ' ann@lee.example ', phone: '555-12' })).toEqual({ email: 'ann@lee.example' });
    expect(checkQuery({ ...none, phone: '(555) 123-4567' })).toEqual({ phone: '(555) 123-4567' });
  });
});

describe('profile edit (the new-student rules)', () => {
  const saved = student(12, { first_name: 'Ann', last_name: 'Lee', city: 'Springfield' });

  it('shows the profile read-only with Edit; Save puts the fields, toasts and returns to read-only', async () => {
    const api = mockApi({
      'PUT /students/12': (call) => jsonResponse({ ...saved, ...call.body }),
      'GET /students/12': () => jsonResponse({ ...saved, city: 'Chicago' }),
    });
    const { user } = renderScreen(<StudentProfile student={saved} />);
    expect(screen.getByText('Springfield')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('First name')).toHaveValue('Ann');
    await waitFor(() => expect(select('State')).toHaveValue('Illinois'));
    await fill(user, 'City', 'Chicago');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.to('PUT', '/students/12')[0]?.body).toMatchObject({ first_name: 'Ann', city: 'Chicago', state: 'IL' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['students', 'detail', 12])).toMatchObject({ city: 'Chicago' });
  });

  it('keeps the edits after a failed save and shows the field messages; Cancel returns to read-only', async () => {
    mockApi({
      'PUT /students/12': () => jsonResponse({ zip_code: ['is not a valid zip code'] }, 422, 'Unprocessable Entity'),
    });
    const { user } = renderScreen(<StudentProfile student={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await fill(user, 'Zip code', '1');
    await fill(user, 'City', 'Chicago');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Zip code is not a valid zip code');
    expect(field('Zip code')).toHaveAccessibleDescription('Zip code is not a valid zip code');
    expect(field('City')).toHaveValue('Chicago');
    expect(showSuccess).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Springfield')).toBeInTheDocument();
  });

  it('the edit form has the new-student rules', async () => {
    mockApi({});
    const { user } = renderScreen(<StudentProfile student={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('First name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('First name')).toHaveAccessibleDescription(messages.fieldRequired));
  });
});

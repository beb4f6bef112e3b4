import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CountTile, isCount } from '../src/components/count-tile.tsx';
import { Wrapper } from './support.tsx';

function renderTile(count: string | undefined) {
  return render(
    <MemoryRouter>
      <CountTile
        label="Follow-up"
        caption="students needing follow-up"
        count={count}
        icon={null}
        to="/students?enrollments_needing_followup_eq=true"
      />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
}

describe('dashboard tiles (SPEC section 2, Dashboard mobile)', () => {
  it('show count, label and what the count counts when the count is a string of digits', () => {
    renderTile('31');
    const link = screen.getByRole('link', { name: '31 follow-up: students needing follow-up' });
    expect(link).toHaveAttribute('href', '/students?enrollments_needing_followup_eq=true');
    expect(screen.getByText('31')).toBeInTheDocument();
    expect(screen.getByText('Follow-up')).toBeInTheDocument();
    expect(screen.getByText('students needing follow-up')).toBeInTheDocument();
  });

  it('without a caption, the label says what is counted', () => {
    render(
      <MemoryRouter>
        <CountTile label="Students" count="80" icon={null} to="/students" />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByRole('link', { name: '80 students' })).toHaveAttribute('href', '/students');
  });

  it.each([undefined, '', 'abc', '3.5'])('show a spinner otherwise (%s)', (count) => {
    renderTile(count);
    expect(screen.getByLabelText('Loading Follow-up')).toBeInTheDocument();
    expect(screen.queryByText('Follow-up')).toBeNull();
    expect(screen.queryByText('students needing follow-up')).toBeNull();
  });

  it('rule', () => {
    expect(isCount('0')).toBe(true);
    expect(isCount('-1')).toBe(false);
  });
});

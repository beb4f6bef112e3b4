import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CountTile, isCount } from '../src/components/count-tile.tsx';
import { Wrapper } from './support.tsx';

function renderTile(count: string | undefined) {
  return render(
    <MemoryRouter>
      <CountTile label="Follow-up" count={count} icon={null} to="/students?enrollments_needing_followup_eq=true" />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
}

describe('dashboard tiles (SPEC section 2, Dashboard mobile)', () => {
  it('show count and label when the count is a string of digits', () => {
    renderTile('31');
    const link = screen.getByRole('link', { name: '31 Follow-up' });
    expect(link).toHaveAttribute('href', '/students?enrollments_needing_followup_eq=true');
    expect(screen.getByText('31')).toBeInTheDocument();
  });

  it.each([undefined, '', 'abc', '3.5'])('show a spinner otherwise (%s)', (count) => {
    renderTile(count);
    expect(screen.getByLabelText('Loading Follow-up')).toBeInTheDocument();
    expect(screen.queryByText('Follow-up')).toBeNull();
  });

  it('rule', () => {
    expect(isCount('0')).toBe(true);
    expect(isCount('-1')).toBe(false);
  });
});

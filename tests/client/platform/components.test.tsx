import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/client/components/ConfirmDialog.tsx';
import { EmptyState } from '../../../src/client/components/EmptyState.tsx';
import { PriorityBadge, StatusBadge } from '../../../src/client/components/Badge.tsx';
import { TextField } from '../../../src/client/components/TextField.tsx';
import { ToggleGroup } from '../../../src/client/components/ToggleGroup.tsx';

function confirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog open title="Are you sure you want to delete this category?" pendingLabel="Deleting..." onConfirm={onConfirm} onCancel={onCancel} {...props} />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  test('is an alertdialog with Cancel and Yes; Yes confirms', () => {
    const { onConfirm } = confirm();
    screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this category?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  test('Escape cancels', () => {
    const { onCancel } = confirm();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  test('Tab stays inside the dialog', () => {
    confirm();
    const yes = screen.getByRole('button', { name: 'Yes' });
    yes.focus();
    fireEvent.keyDown(yes, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
  });

  test('shows the pending label and cannot be pressed twice', () => {
    confirm({ pending: true });
    const button = screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});

describe('small parts', () => {
  test('EmptyState shows its message with an image', () => {
    const { container } = render(<EmptyState variant="noCat" />);
    screen.getByText('No category, create a Category.');
    expect(container.querySelector('svg')).toBeTruthy();
  });

  test('badges show their text, not only a colour', () => {
    render(
      <>
        <StatusBadge status="assigned" />
        <PriorityBadge priority="high" />
      </>,
    );
    screen.getByText('assigned');
    screen.getByText('high');
  });

  test('a priority does not look like a status: signal bars by level, and it says "priority"', () => {
    const { container } = render(
      <>
        <StatusBadge status="assigned" />
        {(['high', 'medium', 'low'] as const).map((priority) => (
          <PriorityBadge key={priority} priority={priority} />
        ))}
      </>,
    );
    const status = container.querySelector('[data-kind="status"]')!;
    const priorities = [...container.querySelectorAll('[data-kind="priority"]')];
    expect(status.querySelector('svg')).toBeNull();
    expect(priorities.map((badge) => badge.textContent)).toEqual(['high priority', 'medium priority', 'low priority']);
    const litBars = priorities.map((badge) => [...badge.querySelectorAll('svg rect')].filter((bar) => !bar.getAttribute('class')?.includes('Dim')).length);
    expect(litBars).toEqual([3, 2, 1]);
    expect(priorities[1]!.className).not.toBe(status.className);
  });

  test('TextField has a real label, reports the value and shows its error', () => {
    const onChange = vi.fn();
    render(<TextField label="Title" name="title" value="" onChange={onChange} error="Tittle must be at least 2 characters." />);
    const input = screen.getByLabelText('Title');
    fireEvent.change(input, { target: { value: 'Hi' } });
    expect(onChange).toHaveBeenCalledWith('Hi');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Tittle must be at least 2 characters.').id);
  });

  test('ToggleGroup marks the chosen option and report a change', () => {
    const onChange = vi.fn();
    render(<ToggleGroup value="all" options={[{ value: 'all', label: 'All Tickets' }, { value: 'mine', label: 'My Tickets' }]} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'All Tickets' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'My Tickets' }));
    expect(onChange).toHaveBeenCalledWith('mine');
  });
});

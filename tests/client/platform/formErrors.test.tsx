import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp } from '../fakeApi.ts';

/** useFormErrors, seen through a real form: the sign-in page. */
const EMAIL_MESSAGE = "Email must contain @ or '.'";
const PASSWORD_MESSAGE = 'Password must be more than 7 characters';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('form errors (useFormErrors on the sign-in page)', () => {
  test('nothing shows before the first submit, even for invalid input', () => {
    fakeApi({});
    renderApp('/');
    type('Email', 'grace');
    type('Password', 'short');
    expect(screen.queryByText(EMAIL_MESSAGE)).toBeNull();
    expect(screen.queryByText(PASSWORD_MESSAGE)).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });

  test('after a submit the errors follow the values live, without another submit', async () => {
    const server = fakeApi({});
    renderApp('/');
    type('Email', 'grace');
    type('Password', 'short');
    submit();
    await screen.findByText(EMAIL_MESSAGE);
    screen.getByText(PASSWORD_MESSAGE);

    // Fixing a field removes its message at once; the other one stays.
    type('Email', 'grace@example.com');
    expect(screen.queryByText(EMAIL_MESSAGE)).toBeNull();
    screen.getByText(PASSWORD_MESSAGE);

    // Breaking it again brings the message back.
    type('Email', 'grace@');
    screen.getByText(EMAIL_MESSAGE);

    // Typing into a still-invalid field keeps its message.
    type('Password', 'shortr');
    screen.getByText(PASSWORD_MESSAGE);
    type('Password', 'long enough');
    expect(screen.queryByText(PASSWORD_MESSAGE)).toBeNull();

    expect(server.calls).toHaveLength(0);
  });
});

/** A card's or row's one-click action ("Assign to me", "Close", "Reopen"), or its question first where no Undo can follow. */
import { useState } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { quickPlan, type QuickName } from '../quickActions.ts';
import { useQuickAction } from '../useQuickAction.ts';

export interface QuickActionProps {
  ticket: Ticket;
  /** Actions shown elsewhere already (the card's own 'Close Ticket'). @default none */
  without?: readonly QuickName[];
  className?: string;
}

export function QuickAction({ ticket, without = [], className }: QuickActionProps) {
  const user = useAuth((state) => state.user);
  const quick = useQuickAction();
  const [asking, setAsking] = useState(false);
  const plan = user ? quickPlan(user, ticket) : undefined;
  if (!plan || without.includes(plan.name)) return null;
  const act = () => void quick.run(ticket, plan);
  const busy = quick.pending === ticket.number;

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className={className}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`${plan.label} ${ticket.number}`}
        onClick={(event) => {
          event.stopPropagation();
          if (plan.confirm) setAsking(true);
          else act();
        }}
      >
        {plan.label}
      </Button>
      {asking && plan.confirm && (
        <ConfirmDialog
          open
          title={plan.confirm}
          confirmVariant={plan.name === 'close' ? 'danger' : 'primary'}
          onConfirm={() => {
            setAsking(false);
            act();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

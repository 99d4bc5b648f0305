/** Which days (30, 90 or custom from/to) and which breakdown: each change is a new URL. */
import { useState } from 'react';
import { parseReportQuery, REPORT_GROUP_LABELS, REPORT_GROUPS, type ReportGroup } from '../../../../shared/report.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { ToggleGroup } from '../../../components/ToggleGroup.tsx';
import type { RangeChoice, ReportState } from '../reportUrl.ts';
import styles from './ReportControls.module.css';

const RANGE_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom' },
] as const satisfies readonly { value: RangeChoice; label: string }[];
const GROUP_OPTIONS = REPORT_GROUPS.map((group) => ({ value: group, label: REPORT_GROUP_LABELS[group] }));

interface Props {
  state: ReportState;
  onChange: (next: ReportState) => void;
}

export function ReportControls({ state, onChange }: Props) {
  const [custom, setCustom] = useState(state.range === 'custom');
  const range = custom ? 'custom' : state.range;
  return (
    <div className={styles.controls}>
      <div className={styles.range}>
        <span className={styles.caption} aria-hidden="true">
          Range
        </span>
        <ToggleGroup
          label="Range"
          value={range}
          options={RANGE_OPTIONS}
          onChange={(value) => {
            setCustom(value === 'custom');
            if (value !== 'custom') onChange({ ...state, range: value });
          }}
        />
      </div>
      {range === 'custom' && <CustomRange key={`${state.from}/${state.to}`} state={state} onChange={onChange} />}
      <div className={styles.group}>
        <SelectField name="group" label="Breakdown by" value={state.group} options={GROUP_OPTIONS} onChange={(group) => onChange({ ...state, group: group as ReportGroup })} />
      </div>
    </div>
  );
}

/** From and to, applied as soon as both make a valid range; a wrong one says why. */
function CustomRange({ state, onChange }: Props) {
  const [draft, setDraft] = useState({ from: state.from, to: state.to });
  const { errors } = parseReportQuery(new URLSearchParams({ ...draft, group: state.group }));
  const change = (next: typeof draft) => {
    setDraft(next);
    const check = parseReportQuery(new URLSearchParams({ ...next, group: state.group }));
    if (Object.keys(check.errors).length === 0) onChange({ ...state, range: 'custom', ...next });
  };
  return (
    <div className={styles.dates}>
      <TextField type="date" name="from" label="From" value={draft.from} error={errors.from} onChange={(from) => change({ ...draft, from })} />
      <TextField type="date" name="to" label="To" value={draft.to} error={errors.to} onChange={(to) => change({ ...draft, to })} />
    </div>
  );
}

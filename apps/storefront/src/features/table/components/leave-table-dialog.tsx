import { ConfirmDialog } from '../../../shared/confirm-dialog.tsx';
import type { TableT } from '../table-texts.ts';

/** 'Sair do modo mesa' asks first: the next orders will not go to this table. */
export function LeaveTableDialog({
  table,
  onLeave,
  onStay,
  t,
}: {
  /** The table's name, when known. */
  table: string | null;
  onLeave: () => void;
  onStay: () => void;
  t: TableT;
}) {
  return (
    <ConfirmDialog
      title={t('leaveTitle')}
      question={table ? t('leaveQuestion', { table }) : t('leaveQuestionUnknown')}
      state="ask"
      errorText=""
      labels={{
        cancel: t('leaveCancel'),
        confirm: t('leaveConfirm'),
        sending: t('leaveConfirm'),
        retry: t('leaveConfirm'),
      }}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}

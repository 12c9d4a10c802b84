// "Download my data": everything export_my_data() returns, as a JSON file.
import type { MemberData } from '../shared/client';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { exportData } from './account-api';
import { exportFileName } from './account-rules';
import { downloadJson } from './download';
import { useAction } from './use-action';

export function ExportButton({ db }: { db: MemberData }) {
  const t = useT();
  const action = useAction();
  const download = () =>
    action.run(async () => {
      const result = await exportData(db);
      if (!result.ok) return result.error;
      downloadJson(result.value, exportFileName());
      return null;
    });
  return (
    <div>
      <p>{t('account.export.hint')}</p>
      <button
        type="button"
        disabled={action.state.status === 'busy'}
        onClick={() => void download()}
      >
        {action.state.status === 'busy' ? t('auth.busy') : t('account.export.submit')}
      </button>
      {action.state.status === 'failed' && <ActionMessage state={action.state} />}
    </div>
  );
}

import { useState } from 'react';
import { useSession } from '@lectern/shell-kit';
import type { Devotional } from '../sermons/sermon.types.ts';
import { DevotionalDayPanel } from './DevotionalDayPanel.tsx';

/** The five days; only an ADMIN or PASTOR sees Edit, and one day is edited at a time. */
export function DevotionalSeries({
  sermonTitle,
  devotionals,
  saving,
  onSave,
}: {
  sermonTitle: string;
  devotionals: Devotional[];
  saving: boolean;
  onSave(d: Devotional): Promise<boolean>;
}) {
  const role = useSession((state) => state.user?.role ?? null);
  const canEdit = role === 'ADMIN' || role === 'PASTOR';
  const [editingId, setEditingId] = useState<string | null>(null);
  if (devotionals.length === 0) return <p>No devotionals available</p>;
  return (
    <div>
      {devotionals.map((devotional) => (
        <DevotionalDayPanel
          key={devotional.id}
          sermonTitle={sermonTitle}
          devotional={devotional}
          canEdit={canEdit}
          editing={editingId === null ? 'none' : editingId === devotional.id ? 'this' : 'other'}
          saving={saving}
          onEdit={() => setEditingId(devotional.id)}
          onCancel={() => setEditingId(null)}
          onSave={async (next) => {
            const saved = await onSave(next);
            if (saved) setEditingId(null);
            return saved;
          }}
        />
      ))}
    </div>
  );
}

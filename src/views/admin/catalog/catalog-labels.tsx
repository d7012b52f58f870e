import { TYPE_LABELS } from '@/machines/admin/admin-catalog-item.logic';
import type { CatalogItemStatus, ResourceType } from '@/machines/admin/admin-catalog-item.types';
import * as styles from '@/views/admin/catalog/catalog.css';

export const STATUS_LABELS: Record<CatalogItemStatus, string> = { DRAFT: 'Draft', PUBLISHED: 'Published', ARCHIVED: 'Archived' };

export function StatusPill({ status }: { status: CatalogItemStatus }) {
  return <span className={styles.statusPill[status]}>{STATUS_LABELS[status]}</span>;
}

const ICONS: Record<ResourceType, React.ReactNode> = {
  LEARNING_OBJECT: <path d="M3 3.5h10v9H3zM6.5 6v4l3.5-2z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />,
  LIVESTREAM: (
    <>
      <circle cx="8" cy="8" r="2" fill="currentColor" />
      <path d="M4.5 4.5a5 5 0 0 0 0 7M11.5 4.5a5 5 0 0 1 0 7" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
  PLAYLIST: <path d="M3 4.5h10M3 8h10M3 11.5h6" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />,
};

export function TypeMark({ type }: { type: ResourceType }) {
  return (
    <span className={styles.typeMark}>
      <svg className={styles.typeIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        {ICONS[type]}
      </svg>
      {TYPE_LABELS[type]}
    </span>
  );
}

import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useBlocker, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/messages';
import { isResourceType, RESOURCE_TYPES, TYPE_LABELS } from '@/machines/admin/admin-catalog-item.logic';
import { adminCatalogItemScreen } from '@/machines/admin/admin-catalog-item.actors';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { hasUnsavedWork, type AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import {
  selectAlert,
  selectDraft,
  selectDraftValue,
  selectErrorCount,
  selectFieldError,
  selectFirstErrorField,
  selectIsBusy,
  selectIsDirty,
  selectIsLoadingItem,
  selectIsNew,
  selectIsSaving,
  selectItem,
  selectItemType,
  selectLoadError,
  selectLoadFailed,
  selectPendingStatus,
} from '@/machines/admin/admin-catalog-item.selectors';
import type { AdminCatalogItemInput, CatalogItemStatus, ResourceType } from '@/machines/admin/admin-catalog-item.types';
import { Link } from '@/views/components/link';
import { LoadError } from '@/views/components/load-error';
import { LoadingScreen } from '@/views/components/loading-screen';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button, ButtonLink } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import { AdminPage } from '@/views/admin/admin-shell';
import { StatusPill, TypeMark } from '@/views/admin/catalog/catalog-labels';
import { AudienceChoices, FrameworkPicker } from '@/views/admin/catalog/tag-fields';
import { ResourceFields, RubricFields } from '@/views/admin/catalog/list-fields';
import { PlaylistEntries } from '@/views/admin/catalog/playlist-entries';
import { TextInput } from '@/views/admin/catalog/text-input';
import { Markdown } from '@/views/components/markdown';
import { VideoFields } from '@/views/admin/catalog/video-fields';
import { ReproducibleFields } from '@/views/admin/catalog/reproducible-fields';
import * as adminStyles from '@/views/admin/admin.css';
import * as styles from '@/views/admin/catalog/catalog.css';
import { errorText } from '@/views/components/text.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section className={adminStyles.card} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={adminStyles.cardTitle}>
          {title}
        </h2>
        {lead && <p className={styles.sectionLead}>{lead}</p>}
      </div>
      {children}
    </section>
  );
}

function Details({ actor }: { actor: AdminCatalogItemActorRef }) {
  const draft = useSelector(actor, selectDraft);
  const item = useSelector(actor, selectItem);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const titleError = useSelector(actor, selectFieldError('title'));
  const publicIdError = useSelector(actor, selectFieldError('publicId'));
  const descriptionError = useSelector(actor, selectFieldError('description'));
  const thumbnailError = useSelector(actor, selectFieldError('thumbnailUrl'));
  const fixedId = item !== null && item.status !== 'DRAFT';
  return (
    <Section id="item-details" title="Details">
      <div className={styles.fields}>
        <TextInput name="title" label="Title" value={draft.title} error={titleError} onChange={(title) => change({ title })} hint="3 to 150 characters." />
        <TextInput
          name="publicId"
          label="Public id"
          value={draft.publicId}
          error={publicIdError}
          onChange={(publicId) => change({ publicId })}
          disabled={fixedId}
          hint={fixedId ? 'Fixed once published: links to the item are out there.' : 'Lower-case words joined by hyphens; made from the title when left empty.'}
        />
        <TextInput
          name="description"
          label="Description"
          value={draft.description}
          error={descriptionError}
          onChange={(description) => change({ description })}
          multiline="prose"
          hint="What educators read on the card and at the top of the page; at most 2,000 characters."
        />
        <TextInput name="thumbnailUrl" label="Thumbnail URL" value={draft.thumbnailUrl} error={thumbnailError} onChange={(thumbnailUrl) => change({ thumbnailUrl })} inputMode="url" hint="Optional." />
        <label className={styles.checkRow}>
          <input type="checkbox" name="featured" checked={draft.featured} onChange={(e) => change({ featured: e.target.checked })} />
          Featured on the educators’ home page
        </label>
      </div>
    </Section>
  );
}

function Schedule({ actor }: { actor: AdminCatalogItemActorRef }) {
  const draft = useSelector(actor, selectDraft);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const startError = useSelector(actor, selectFieldError('startDate'));
  const endError = useSelector(actor, selectFieldError('endDate'));
  const joinError = useSelector(actor, selectFieldError('joinUrl'));
  return (
    <Section id="item-schedule" title="Schedule and stream" lead="Times are in your time zone.">
      <div className={styles.fields}>
        <div className={styles.twoColumns}>
          <TextInput name="startDate" label="Starts" type="datetime-local" value={draft.startDate} error={startError} onChange={(startDate) => change({ startDate })} />
          <TextInput name="endDate" label="Ends" type="datetime-local" value={draft.endDate} error={endError} onChange={(endDate) => change({ endDate })} />
        </div>
        <TextInput name="joinUrl" label="Stream link" value={draft.joinUrl} error={joinError} onChange={(joinUrl) => change({ joinUrl })} inputMode="url" hint="Where educators join the live event." />
      </div>
    </Section>
  );
}

function Guide({ actor }: { actor: AdminCatalogItemActorRef }) {
  const guide = useSelector(actor, selectDraftValue('implementationGuide'));
  const { change } = useIntents(actor, adminCatalogItemIntents);
  return (
    <Section id="item-guide" title="Implementation guide" lead="Markdown: headings, lists, links, quotes. The preview is what educators see.">
      <TextInput name="implementationGuide" label="Guide" value={guide} error={null} onChange={(implementationGuide) => change({ implementationGuide })} multiline="code" />
      <section className={styles.guidePreview} aria-label="Guide preview">
        {guide.trim() ? <Markdown source={guide} /> : <p className={styles.previewEmpty}>Nothing to preview yet.</p>}
      </section>
    </Section>
  );
}

const STATUS_ACTIONS: Record<CatalogItemStatus, { to: CatalogItemStatus; label: string; busy: string; tone: 'primary' | 'secondary' }[]> = {
  DRAFT: [{ to: 'PUBLISHED', label: 'Publish', busy: 'Publishing…', tone: 'primary' }],
  PUBLISHED: [
    { to: 'ARCHIVED', label: 'Archive', busy: 'Archiving…', tone: 'secondary' },
    { to: 'DRAFT', label: 'Back to draft', busy: 'Moving to draft…', tone: 'secondary' },
  ],
  ARCHIVED: [
    { to: 'PUBLISHED', label: 'Publish again', busy: 'Publishing…', tone: 'primary' },
    { to: 'DRAFT', label: 'Back to draft', busy: 'Moving to draft…', tone: 'secondary' },
  ],
};

const STATUS_HELP: Record<CatalogItemStatus, string> = {
  DRAFT: 'Only admins see a draft. Publishing checks that educators get everything they need.',
  PUBLISHED: 'Educators can find it. Archiving stops offering it and keeps what educators did with it.',
  ARCHIVED: 'Not offered any more; educators who used it still have it.',
};

function Publishing({ actor }: { actor: AdminCatalogItemActorRef }) {
  const item = useSelector(actor, selectItem);
  const isNew = useSelector(actor, selectIsNew);
  const dirty = useSelector(actor, selectIsDirty);
  const busy = useSelector(actor, selectIsBusy);
  const saving = useSelector(actor, selectIsSaving);
  const pending = useSelector(actor, selectPendingStatus);
  const errorCount = useSelector(actor, selectErrorCount);
  const { setStatus } = useIntents(actor, adminCatalogItemIntents);
  return (
    <aside className={styles.side} aria-label="Status and saving">
      <section className={adminStyles.card} aria-labelledby="item-status">
        <h2 id="item-status" className={adminStyles.cardTitle}>
          {isNew ? 'New draft' : 'Status'}
        </h2>
        {item && (
          <>
            <dl className={styles.statusFacts}>
              <dt>Status</dt>
              <dd>
                <StatusPill status={item.status} />
              </dd>
              <dt>Created</dt>
              <dd>{dateTime.format(new Date(item.createdAt))}</dd>
              <dt>Updated</dt>
              <dd>{dateTime.format(new Date(item.updatedAt))}</dd>
            </dl>
            <p className={styles.sectionLead}>{STATUS_HELP[item.status]}</p>
          </>
        )}
        {isNew && <p className={styles.sectionLead}>It is created as a draft: educators see nothing until it is published.</p>}
        <div className={styles.sideActions}>
          <Button type="submit" block disabled={busy || (!dirty && !isNew)}>
            {saving ? 'Saving…' : isNew ? 'Create draft' : 'Save changes'}
          </Button>
          {item &&
            STATUS_ACTIONS[item.status].map((action) => (
              <Button key={action.to} tone={action.tone} block disabled={busy} onClick={() => setStatus(action.to)}>
                {pending === action.to ? action.busy : dirty ? `Save and ${action.label.toLowerCase()}` : action.label}
              </Button>
            ))}
          <p className={styles.saveBar} aria-live="polite">
            {errorCount > 0 ? (
              <span className={errorText}>{errorCount === 1 ? 'One field needs attention.' : `${errorCount} fields need attention.`}</span>
            ) : (
              dirty && !isNew && <span className={styles.unsaved}>Unsaved changes</span>
            )}
          </p>
        </div>
      </section>
    </aside>
  );
}

/** Asks before leaving with unsaved changes (another admin page, or closing the tab). */
function useLeaveWarning(actor: AdminCatalogItemActorRef) {
  const dirty = useSelector(actor, selectIsDirty);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const snapshot = actor.getSnapshot();
    return snapshot.matches('ready') && hasUnsavedWork(snapshot.context) && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

function Editor({ input }: { input: AdminCatalogItemInput }) {
  const actor = useScreenActor(adminCatalogItemScreen, { input });
  const intents = useIntents(actor, adminCatalogItemIntents);
  const loading = useSelector(actor, selectIsLoadingItem);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, selectLoadError);
  const item = useSelector(actor, selectItem);
  const type = useSelector(actor, selectItemType);
  const isNew = useSelector(actor, selectIsNew);
  const alert = useSelector(actor, selectAlert);
  const busy = useSelector(actor, selectIsBusy);
  const firstError = useSelector(actor, selectFirstErrorField);
  const blocker = useLeaveWarning(actor);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(`${item?.title ?? `New ${TYPE_LABELS[type].toLowerCase()}`} · Catalogue · Platform admin`);

  // A refused save: focus goes to the first field with a message (or the alert).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      if (firstError) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(firstError)}"]`)?.focus();
      else if (alert) alertRef.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy, firstError, alert]);

  if (loading) return <LoadingScreen label="Loading the item" />;
  if (failed) {
    return (
      <AdminPage title="Catalogue item">
        <LoadError onRetry={intents.retry} message={errorMessage(loadError)} />
      </AdminPage>
    );
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    intents.save();
    const first = selectFirstErrorField(actor.getSnapshot());
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  };

  return (
    <>
      <Link to="/admin/catalog" className={adminStyles.back}>
        ← All items
      </Link>
      <AdminPage
        title={item?.title ?? `New ${TYPE_LABELS[type].toLowerCase()}`}
        actions={
          item && (
            <ButtonLink tone="secondary" size="sm" to={`/admin/audit?entityType=CATALOG_ITEM&entityId=${item.id}`}>
              Audit history
            </ButtonLink>
          )
        }
      >
        <div className={styles.editorHead}>
          <TypeMark type={type} />
          {item && (
            <>
              <span aria-hidden="true">·</span>
              <StatusPill status={item.status} />
              <span aria-hidden="true">·</span>
              <span>{item.publicId}</span>
            </>
          )}
        </div>
        {alert && (
          <div className={styles.alert} role="alert" ref={alertRef} tabIndex={-1}>
            <div>
              <p className={styles.alertTitle}>{isNew ? 'The draft was not created' : 'Not saved'}</p>
              <p>{alert}</p>
            </div>
            <Button tone="ghost" size="sm" onClick={intents.dismissAlert}>
              Dismiss
            </Button>
          </div>
        )}
        <form ref={formRef} onSubmit={onSubmit} noValidate className={styles.editorGrid} aria-label={`${TYPE_LABELS[type]} editor`}>
          <div className={styles.mainColumn}>
            <Details actor={actor} />
            {type === 'PLAYLIST' && (
              <Section id="item-entries" title="Entries" lead="Drag an entry by its handle, or move it with the arrows; the order is saved at once.">
                <PlaylistEntries actor={actor} />
              </Section>
            )}
            <Section id="item-tags" title="Framework and audiences" lead="Where the item sits in the framework, and who it is for.">
              <FrameworkPicker actor={actor} />
              <AudienceChoices actor={actor} />
            </Section>
            {type === 'LEARNING_OBJECT' && (
              <>
                <Section id="item-video" title="Video">
                  <VideoFields actor={actor} />
                </Section>
                <Section id="item-rubric" title="Reflection rubric" lead="Four levels educators rate themselves on; give all four or none.">
                  <RubricFields actor={actor} />
                </Section>
                <Guide actor={actor} />
                <Section id="item-reproducibles" title="Reproducible files" lead="Handouts educators download together as one zip, in this order.">
                  <ReproducibleFields actor={actor} />
                </Section>
              </>
            )}
            {type === 'LIVESTREAM' && (
              <>
                <Schedule actor={actor} />
                <Section id="item-recording" title="Recording" lead="Added once the event has ended; educators then watch it in place of the stream.">
                  <VideoFields actor={actor} label="Recording" />
                </Section>
              </>
            )}
            {type !== 'PLAYLIST' && (
              <Section id="item-resources" title="Resources" lead="Links and files educators take away.">
                <ResourceFields actor={actor} />
              </Section>
            )}
          </div>
          <Publishing actor={actor} />
        </form>
      </AdminPage>
      {blocker.state === 'blocked' && (
        <ModalDialog title="Leave without saving?" intro="Your changes to this item have not been saved." onClose={() => blocker.reset()} role="alertdialog">
          <DialogActions>
            <Button tone="secondary" onClick={() => blocker.reset()}>
              Stay
            </Button>
            <Button className={adminStyles.danger} onClick={() => blocker.proceed()}>
              Leave
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </>
  );
}

/** The choice of type when the address names none (or an unknown one). */
function ChooseType() {
  return (
    <AdminPage title="New item" lead="What are you making?">
      <div className={styles.typeChoices}>
        {RESOURCE_TYPES.map((type: ResourceType) => (
          <ButtonLink key={type} tone="secondary" to={`/admin/catalog/new?type=${type}`}>
            {TYPE_LABELS[type]}
          </ButtonLink>
        ))}
      </div>
    </AdminPage>
  );
}

/** /admin/catalog/new?type=… */
export function AdminNewItemPage() {
  const [params] = useSearchParams();
  const type = params.get('type');
  if (!isResourceType(type)) return <ChooseType />;
  // A new editor for each type asked for.
  return <Editor key={type} input={{ type }} />;
}

/** /admin/catalog/:itemId */
export function AdminItemPage() {
  const { itemId = '' } = useParams();
  return <Editor key={itemId} input={{ id: itemId }} />;
}

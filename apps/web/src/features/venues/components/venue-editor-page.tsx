import {
  autoPlaceSections,
  checkVenueLayout,
  rectangleHallLayout,
  venueLimits,
  venueWriteSchema,
  type VenueDetail,
  type VenueLayout,
} from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { Button, buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import {
  createVenue,
  invalidateVenues,
  updateVenue,
  useVenue,
  venueQueryOptions,
  type VenueBody,
} from '../api/venues-api';
import { VenueBuilder } from './venue-builder';

/** A new venue starts as a small three-section hall; the templates replace it in one click. */
function newVenueLayout(): VenueLayout {
  return rectangleHallLayout({
    name: '새 공연장',
    sections: 3,
    rowsPerSection: 10,
    seatsPerRow: 20,
  });
}

interface SaveErrors {
  name?: string;
  address?: string;
  /** `layout.*` refusals, in the layout's notation (the `layout.` prefix dropped). */
  layout: string[];
  /** Anything else the server said (network, 403, 500). */
  form?: string;
}

const noErrors: SaveErrors = { layout: [] };

/** The server's refusal turned into messages by field: name, address, layout paths, the rest. */
export function saveErrorsOf(error: unknown): SaveErrors {
  const errors: SaveErrors = { layout: [] };
  if (!isApiError(error)) return { ...errors, form: getErrorMessage(error) };
  for (const { field, message } of error.fieldErrors) {
    if (field === 'name' && !errors.name) errors.name = message;
    else if (field === 'address' && !errors.address) errors.address = message;
    else if (field === 'layout') errors.layout.push(`(문서): ${message}`);
    else if (field.startsWith('layout.'))
      errors.layout.push(`${field.slice('layout.'.length)}: ${message}`);
    else errors.form = message;
  }
  if (!errors.name && !errors.address && errors.layout.length === 0) errors.form ??= error.message;
  return errors;
}

interface VenueFormProps {
  venue: VenueDetail | null;
  initialLayout: VenueLayout;
}

/** Name, address, the builder and 저장. Everything typed stays on screen when a save fails. */
function VenueForm({ venue, initialLayout }: VenueFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(venue?.name ?? '');
  const [address, setAddress] = useState(venue?.address ?? '');
  const [layout, setLayout] = useState(initialLayout);
  const [isLayoutValid, setLayoutValid] = useState(false);
  const [errors, setErrors] = useState<SaveErrors>(noErrors);
  const [savedLayout, setSavedLayout] = useState<VenueLayout | null>(null);

  const save = useMutation({
    mutationFn: (body: VenueBody) => (venue ? updateVenue(venue.id, body) : createVenue(body)),
    onSuccess: async ({ venue: saved, message }, body) => {
      toast.success(message);
      setErrors(noErrors);
      setSavedLayout(body.layout);
      // The venue page opens on the answer itself, not on a second request.
      queryClient.setQueryData(venueQueryOptions(saved.id).queryKey, saved);
      if (!venue) void navigate(`/seller/venues/${saved.id}`, { replace: true });
      await invalidateVenues(queryClient, { exceptVenueId: saved.id });
    },
    onError: (error) => setErrors(saveErrorsOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = venueWriteSchema.safeParse({ name, address, layout });
    const fieldErrors: SaveErrors = { layout: [] };
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        if (issue.path[0] === 'name') fieldErrors.name ??= issue.message;
        if (issue.path[0] === 'address') fieldErrors.address ??= issue.message;
      }
    }
    const checked = checkVenueLayout(layout);
    if (!checked.ok) fieldErrors.layout = checked.problems;
    if (fieldErrors.name || fieldErrors.address || fieldErrors.layout.length > 0) {
      setErrors({ ...fieldErrors, layout: [] });
      return;
    }
    save.mutate({ name: name.trim(), address: address.trim() || null, layout });
  };

  const isUnchangedSinceSave = savedLayout === layout;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label="공연장 정보">
      <div className="grid max-w-3xl gap-4 tablet:grid-cols-2">
        <TextField
          label="공연장 이름"
          value={name}
          maxLength={venueLimits.nameMax}
          required
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors({ ...errors, name: undefined });
          }}
        />
        <TextField
          label="주소"
          labelSuffix="(선택)"
          value={address}
          maxLength={venueLimits.addressMax}
          error={errors.address}
          onChange={(event) => {
            setAddress(event.target.value);
            if (errors.address) setErrors({ ...errors, address: undefined });
          }}
        />
      </div>
      <VenueBuilder
        value={layout}
        onChange={(next) => {
          setLayout(next);
          if (errors.layout.length > 0) setErrors({ ...errors, layout: [] });
        }}
        serverProblems={errors.layout}
        onValidityChange={setLayoutValid}
      />
      {errors.form && (
        <p
          role="alert"
          className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
        >
          {errors.form}
        </p>
      )}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-white/5 bg-surface-950/90 px-4 py-3 backdrop-blur">
        {!isLayoutValid && (
          <p className="mr-auto text-sm text-amber-200">
            좌석 배치의 고칠 곳을 고치면 저장할 수 있습니다.
          </p>
        )}
        {isUnchangedSinceSave && isLayoutValid && (
          <p className="mr-auto text-sm text-emerald-300">저장됨</p>
        )}
        <Link to="/seller/venues" className={buttonStyles({ variant: 'outline' })}>
          <ArrowLeft className="size-4" aria-hidden />
          목록으로
        </Link>
        <Button type="submit" isLoading={save.isPending} disabled={!isLayoutValid}>
          {!save.isPending && <Save className="size-4" aria-hidden />}
          저장
        </Button>
      </div>
    </form>
  );
}

/** `/seller/venues/new` and `/seller/venues/:venueId` (issue 25, point 2). */
export function VenueEditorPage() {
  const params = useParams();
  const venueId = params.venueId === undefined ? null : Number(params.venueId);
  const isValidId = venueId === null || (Number.isInteger(venueId) && venueId > 0);
  const venue = useVenue(isValidId ? venueId : null);
  const [newLayout] = useState(newVenueLayout);

  if (venueId === null) {
    return (
      <ConsolePage
        title="새 공연장"
        description="좌석 배치를 만들거나 가져와서 공연장으로 저장하세요."
      >
        <VenueForm venue={null} initialLayout={newLayout} />
      </ConsolePage>
    );
  }
  let content;
  if (!isValidId) {
    content = <ErrorState title="공연장을 찾을 수 없습니다." />;
  } else if (venue.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label="공연장을 불러오는 중입니다" />
      </div>
    );
  } else if (venue.isError) {
    content = (
      <ErrorState
        title="공연장을 불러오지 못했습니다."
        description={venue.error.message}
        onRetry={() => void venue.refetch()}
        isRetrying={venue.isFetching}
      />
    );
  } else {
    const checked = checkVenueLayout(venue.data.layout);
    content = checked.ok ? (
      <VenueForm
        key={venue.data.id}
        venue={venue.data}
        initialLayout={autoPlaceSections(checked.layout)}
      />
    ) : (
      <ErrorState
        title="저장된 좌석 배치를 읽을 수 없습니다."
        description={checked.problems.slice(0, 3).join(' / ')}
      />
    );
  }
  return (
    <ConsolePage
      title="공연장 편집"
      description="좌석 배치를 고쳐도 이미 만든 콘서트는 만들 때의 배치를 그대로 씁니다."
    >
      {content}
    </ConsolePage>
  );
}

/**
 * The plan's own buttons on a floorplan tab: Upload Plan (Replace Plan once there is one) and
 * Delete Plan, with its confirmation. Only SVG files are taken (spatial-and-admin.md section 5):
 * the file goes to the store, then its key onto the floor.
 */
import type { FloorDto } from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Button } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFloor } from '../../api/spatial.ts';
import { useUploadFile } from '../../api/uploads.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastError, toastNotice, toastSuccess } from '../../lib/toast.ts';

const SVG_NAME = /\.svg$/i;

export function PlanFileButtons({ siteId, floor }: { siteId: number; floor: FloorDto }) {
  const { t } = useTranslation(['locations', 'domain']);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const updateFloor = useUpdateFloor(siteId);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!SVG_NAME.test(file.name)) {
      toastNotice(t('domain:error.floorplan_svg_only'));
      return;
    }
    upload.mutate(
      { folder: 'floorplans', file, site_id: siteId, floor_id: floor.id },
      {
        onSuccess: (key) =>
          updateFloor.mutate(
            { id: floor.id, svg: key },
            { onSuccess: () => toastSuccess(t('toast.plan_uploaded')) },
          ),
        onError: toastError,
      },
    );
  };
  const deletePlan = () =>
    updateFloor.mutate(
      { id: floor.id, svg: '' },
      {
        onSuccess: () => {
          toastSuccess(t('toast.plan_deleted'));
          setConfirmDelete(false);
        },
        onSettled: () => setConfirmDelete(false),
      },
    );

  const hasPlan = Boolean(floor.svg);
  const uploading = upload.isPending || (updateFloor.isPending && !confirmDelete);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadFileOutlinedIcon />}
        loading={uploading}
        onClick={() => fileInput.current?.click()}
      >
        {hasPlan ? t('plan.replace') : t('plan.upload')}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".svg,.SVG,image/svg+xml"
        hidden
        data-testid="floorplan-input"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      {hasPlan ? (
        <Button
          variant="outlined"
          size="small"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          onClick={() => setConfirmDelete(true)}
        >
          {t('plan.delete')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title={t('plan.delete_title', { floor: floor.name })}
        message={t('plan.delete_message')}
        loading={updateFloor.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={deletePlan}
      />
    </>
  );
}

// /permissions and /permission/{id} (spec 1 §2.7, §4: tr_permission opens /permission/{id}):
// the student permission requests the caller approves (a homeroom teacher's), all of them for
// an admin; a row, or the id in the address, opens the request with Approve and Reject.

import './texts/register';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Card, CardContent, Typography } from '@mui/material';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { PermissionDetailDialog } from './PermissionDetailDialog';
import { PermissionTable, usePermissionList } from './PermissionTable';

export function PermissionApprovalPage() {
  const title = useRouteTitle('/permissions');
  useDocumentTitle(title);
  const list = usePermissionList();
  const params = useParams();
  const navigate = useNavigate();
  // /permission/{id}: a number is a request to open; another word (a type) shows the list.
  const fromPath = Number(params.type);
  const [open, setOpen] = useState<number | null>(Number.isInteger(fromPath) && fromPath > 0 ? fromPath : null);
  const close = () => {
    setOpen(null);
    if (params.type) navigate('/permissions', { replace: true });
  };
  return (
    <Card>
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <PermissionTable list={list} onDetail={setOpen} />
      </CardContent>
      <PermissionDetailDialog id={open} onClose={close} onChanged={list.reload} />
    </Card>
  );
}

// The modules of the sidebar (spec 1 §2.8, §6), in the order the menu shows them.
// Their names are translation keys `app.module.<code>`.

import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import SchoolIcon from '@mui/icons-material/School';
import PaymentsIcon from '@mui/icons-material/Payments';
import BadgeIcon from '@mui/icons-material/Badge';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import ForumIcon from '@mui/icons-material/Forum';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ExtensionIcon from '@mui/icons-material/Extension';

export const MODULE_ORDER = ['ACA', 'FINA', 'HUCAP', 'BOOKING', 'COM', 'COURSE', 'ADMISS', 'AD', 'REGIST', 'SUBJECT', 'CLUB'];

export const MODULE_ICONS: Record<string, ComponentType<SvgIconProps>> = {
  ACA: SchoolIcon,
  FINA: PaymentsIcon,
  HUCAP: BadgeIcon,
  BOOKING: MeetingRoomIcon,
  COM: ForumIcon,
  COURSE: MenuBookIcon,
};

export const DefaultModuleIcon = ExtensionIcon;

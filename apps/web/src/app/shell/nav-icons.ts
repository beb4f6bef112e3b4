import type { NavItem } from '@srs/shared/roles';
import {
  IconBook,
  IconBuildingChurch,
  IconChalkboard,
  IconChartBar,
  IconHelpCircle,
  IconLayoutDashboard,
  IconPresentation,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';

export const navIcons: Record<NavItem['key'], typeof IconBook> = {
  dashboard: IconLayoutDashboard,
  interests: IconUserHeart,
  students: IconUsers,
  instructors: IconChalkboard,
  courses: IconBook,
  schools: IconBuildingChurch,
  seminars: IconPresentation,
  reports: IconChartBar,
  training: IconHelpCircle,
};

// react-admin's filter form (a react-hook-form form), fetched by ListFilterBar.tsx only
// when a filter other than the search box shows.
export { FilterForm } from 'react-admin';

// The bundle-size baseline of the issue: a bare 3-resource react-admin 5 app with the same
// React and MUI versions as the real app. Built only by `npm run bench`, never served.
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, Edit, List, Resource, SimpleForm, TextField, TextInput } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const PostList = () => (
  <List>
    <Datagrid>
      <TextField source="id" />
      <TextField source="title" />
    </Datagrid>
  </List>
);
const PostEdit = () => (
  <Edit>
    <SimpleForm>
      <TextInput source="title" />
    </SimpleForm>
  </Edit>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')} disableTelemetry>
    <Resource name="posts" list={PostList} edit={PostEdit} />
    <Resource name="comments" list={PostList} edit={PostEdit} />
    <Resource name="users" list={PostList} edit={PostEdit} />
  </Admin>,
);

/** A signed-in user as the library's default `getPermissions` reads it from `request.user`. */
export interface DemoUser {
  username: string;
  displayName: string;
  permissions: string[];
}

export interface DemoAccount extends DemoUser {
  password: string;
  description: string;
}

/** The three accounts of the demo, shown on its sign-in page. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    password: 'admin',
    displayName: 'Ada Admin',
    description: 'every help permission: view, add, change, delete',
    permissions: [
      'widgetlib.view_help',
      'widgetlib.add_help',
      'widgetlib.change_help',
      'widgetlib.delete_help',
      'catalogue.view',
      'catalogue.manage',
      'catalogue.purge',
    ],
  },
  {
    username: 'editor',
    password: 'editor',
    displayName: 'Eddie Editor',
    description: 'view, add and change help',
    permissions: [
      'widgetlib.view_help',
      'widgetlib.add_help',
      'widgetlib.change_help',
      'catalogue.view',
      'catalogue.manage',
    ],
  },
  {
    username: 'viewer',
    password: 'viewer',
    displayName: 'Vera Viewer',
    description: 'view help only',
    permissions: ['widgetlib.view_help', 'catalogue.view'],
  },
];

/** The dotted name under which the help panel widget is registered (the specification's value). */
export const PALLETE_WIDGET_URL_NAME = 'widgetlib.menu_widgets.palette.PalleteWidget';
/** The menu category of the help panel. */
export const SIDEBAR_FOOTER_CATEGORY = 'sidebarfooter';
export const HELP_PANEL_ICON = 'fa fa-question-circle';

import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const MENU_ITEM_TITLE_MAX_LENGTH = 255;
export const MENU_ITEM_URL_NAME_MAX_LENGTH = 255;
export const MENU_ITEM_CATEGORY_MAX_LENGTH = 100;
export const MENU_ITEM_REVERSED_ARGS_MAX_LENGTH = 2048;
export const MENU_ITEM_ICON_MAX_LENGTH = 255;

/**
 * One entry of a menu category (for example `sidebarfooter`): a link, or a widget when `is_widget`
 * is set, in which case `url_name` is the dotted name the widget is registered under.
 */
@Entity('widgetlib_menu_item')
@Index('IDX_widgetlib_menu_item_category', ['category'])
export class MenuItem {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Label of the item; may be empty. */
  @Column({ type: 'varchar', length: MENU_ITEM_TITLE_MAX_LENGTH })
  title!: string;

  /** A route name (reversed when `is_reversed`), a URL, or a widget's dotted name. */
  @Column({ type: 'varchar', length: MENU_ITEM_URL_NAME_MAX_LENGTH })
  url_name!: string;

  @Column({ type: 'varchar', length: MENU_ITEM_CATEGORY_MAX_LENGTH })
  category!: string;

  @Column({ type: 'boolean' })
  is_reversed!: boolean;

  /** For the help panel: comma-separated permission strings replacing the default ones. */
  @Column({ type: 'text', nullable: true })
  reversed_kwargs!: string | null;

  /** For the help panel: the URL of the help list endpoint. */
  @Column({ type: 'varchar', length: MENU_ITEM_REVERSED_ARGS_MAX_LENGTH })
  reversed_args!: string;

  @Column({ type: 'boolean' })
  is_widget!: boolean;

  /** CSS classes of the item's icon, for example `fa fa-question-circle`. */
  @Column({ type: 'varchar', length: MENU_ITEM_ICON_MAX_LENGTH })
  icon!: string;

  @Column({ type: 'boolean' })
  only_icon!: boolean;

  /** Order within the category; items without a position come last. */
  @Column({ type: 'integer', nullable: true })
  position!: number | null;
}

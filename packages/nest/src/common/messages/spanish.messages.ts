import { SPANISH_TABLE_REQUEST_MESSAGES } from './spanish-table-request.messages.js';
import { SPANISH_VALIDATION_MESSAGES } from './spanish-validation.messages.js';
import type { UserMessages } from './user-messages.types.js';

export const SPANISH_MESSAGES: UserMessages = {
  ...SPANISH_TABLE_REQUEST_MESSAGES,
  ...SPANISH_VALIDATION_MESSAGES,
  'menu.help': 'Ayuda',
  'help.field-not-text': '{field} debe ser un texto',
  'help.field-empty': '{field} no puede estar vacío',
  'help.field-too-long': '{field} debe tener como mucho {max} caracteres',
  'help.language-not-text': 'el idioma debe ser un texto o nulo',
  'help.language-invalid':
    'el idioma debe ser nulo o una etiqueta de idioma BCP 47 como «es» o «es-CR», de como mucho {max} caracteres',
  'help.text-too-deep': 'el texto de la ayuda no puede anidar elementos más de {max} niveles (anida {depth})',
  'help.text-too-long-sanitised':
    'el texto de la ayuda debe tener como mucho {max} caracteres una vez depurado (tiene {length})',
  'help.text-too-many-bytes':
    'el texto de la ayuda es demasiado largo: esta base de datos guarda como mucho {max} bytes de UTF-8',
  'help.duplicate': 'Ya existe una entrada de ayuda para la vista «{view}» y el campo «{field}»',
  'help.duplicate-in-language':
    'Ya existe una entrada de ayuda para la vista «{view}» y el campo «{field}» en el idioma «{language}»',
  'resource-history.revision-not-found': 'La revisión {revision} no está en el historial de {entity} {id}',
  'resource-history.not-restorable': 'La revisión {revision} no se puede restaurar: {problems}',
  'saved-views.name-required': 'el nombre es obligatorio',
  'saved-views.state-required': 'el estado es obligatorio',
  'saved-views.too-many': 'como mucho {max} vistas guardadas por tabla y usuario',
  'saved-views.not-found': 'No existe la vista guardada {id}',
  'saved-views.not-owned': 'La vista guardada {id} la comparte {owner}: solo su dueño puede cambiarla',
  'saved-views.name-taken': 'Ya tiene una vista guardada llamada {name}',
  'editor.row-not-found': 'La fila {id} no existe, o no es una que pueda cambiar',
  'editor.outside-scope': 'La fila quedaría fuera de las filas que puede cambiar',
  'editor.duplicate': 'Esta fila duplicaría una existente',
  'editor.too-long': 'Un valor es demasiado largo para su columna',
  'editor.row-changed': 'Otra persona cambió la fila {id}; vuelva a cargarla',
  'editor.version-invalid': '{field} debe ser la versión de la fila, un número entero',
  'table.yes': 'Sí',
  'table.no': 'No',
  'table.totals': 'Totales',
  'trash.purge-invalid': 'purge debe ser true o false',
  'trash.none': '{entity} no tiene papelera: sus registros se eliminan definitivamente',
  'trash.no-purge': 'Este recurso no elimina definitivamente registros de {entity}',
  'resource.not-found': '{entity} {id} no existe',
  'resource.new-out-of-scope': 'El nuevo registro de {entity} quedaría fuera de los registros que este recurso le da',
  'resource.changed-out-of-scope':
    'El registro de {entity} cambiado quedaría fuera de los registros que este recurso le da',
  'resource.duplicate': 'Este registro de {entity} duplicaría uno existente',
  'resource.too-long': 'Un valor es demasiado largo para su columna',
  'resource.changed': '{entity} {id} ha cambiado: ahora está en la versión {version}',
  'resource.unversioned':
    'If-Match nombra versiones, pero {entity} no tiene columna de versión: envíe If-Match: * o ninguno',
  'resource.if-match-format': 'If-Match debe ser * o una lista separada por comas de etiquetas de entidad como "3"',
  'resource.body-not-object': 'El cuerpo debe ser un objeto JSON con los campos que se cambian',
  'resource.body-empty': 'El cuerpo no nombra ningún campo que cambiar',
};

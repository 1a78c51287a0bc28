import type { TableRequestMessages } from './table-request-messages.types.js';

export const SPANISH_TABLE_REQUEST_MESSAGES: TableRequestMessages = {
  'table.not-integer': '{name} debe ser un número entero de {min} a {max}; se recibió {value}',
  'table.not-number': '{name} debe ser un número; se recibió {value}',
  'table.number-out-of-range':
    '{name} está fuera del rango de un número de coma flotante de precisión {precision}; se recibió {value}',
  'table.not-boolean': '{name} debe ser true o false (también 1/0, yes/no); se recibió {value}',
  'table.not-uuid': '{name} debe ser un UUID; se recibió {value}',
  'table.not-date': '{name} debe ser una fecha como aaaa-MM-dd; se recibió {value}',
  'table.not-datetime':
    '{name} debe ser una fecha y hora ISO 8601 (aaaa-MM-ddTHH:mm[:ss][desfase], leída en {zone} si no lleva desfase) o una fecha (aaaa-MM-dd); se recibió {value}',
  'table.datetime-offset': '{name}: el desfase de {value} está fuera de rango (de -{hours}:59 a +{hours}:59)',
  'table.datetime-needs-time': '{name}: cada valor debe ser una fecha con hora; se recibió {value}',
  'table.not-a-choice': '{name} debe ser uno de {choices}; se recibió {value}',
  'table.text-too-long': '{name} debe tener como mucho {max} caracteres; tiene {length}',
  'table.text-nul': '{name} no puede contener caracteres NUL',
  'table.range-format': '{name} debe ser <desde>,<hasta> (cualquiera de los dos puede faltar); se recibió {value}',
  'table.too-many-values': '{name} admite como mucho {max} valores; se recibieron {count}',
  'table.too-many-listed-values': '{name} admite como mucho {max} valores separados por comas; se recibieron {count}',
  'table.single-precision': 'simple',
  'table.double-precision': 'doble',
  'table.too-many-filters': '{name}: se admiten como mucho {max} filtros por petición',
  'table.too-many-criteria':
    '{name}: se admiten como mucho {max} criterios de SearchBuilder y búsquedas de ColumnControl por petición',
  'table.criteria-too-deep': '{name}: los grupos pueden anidarse como mucho {max} niveles',
  'table.too-many-pane-options': '{name} selecciona {count} opciones; se admiten como mucho {max}',
  'table.no-search-fields': '{name}: esta tabla no tiene campos de búsqueda',
  'table.too-many-terms': '{name} tiene {count} términos distintos; se admiten como mucho {max}',
  'table.term-too-short': '{name}: cada término necesita al menos {min} caracteres; se recibió {value}',
  'table.offset-too-deep':
    '{name} pide saltar {offset} filas; se admiten como mucho {max} (limits.maxOffset): las filas más profundas se leen por clave con {cursor} (vacío para la primera página, luego el next de la respuesta)',
  'table.too-many-ordering-fields': 'ordering nombra {count} campos; se admiten como mucho {max}',
  'table.too-many-order-entries': 'order tiene {count} entradas; se admiten como mucho {max}',
};

/**
 * Word lists for the generated people and countries. They are ordered from most to least frequent:
 * the generator picks index `floor(n * random() ^ 1.5)`, so the first names of a list are common and
 * the last ones rare, as in real populations.
 */
export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth',
  'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Christopher', 'Nancy', 'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Dorothy', 'Kevin', 'Carol', 'Brian', 'Amanda', 'George', 'Melissa', 'Edward', 'Deborah',
  'Ronald', 'Stephanie', 'Timothy', 'Rebecca', 'Jason', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia',
  'Jacob', 'Kathleen', 'Gary', 'Amy', 'Nicholas', 'Shirley', 'Eric', 'Angela', 'Jonathan', 'Helen',
  'Stephen', 'Anna', 'Larry', 'Brenda', 'Justin', 'Pamela', 'Scott', 'Nicole', 'Brandon', 'Emma',
  'Benjamin', 'Samantha', 'Samuel', 'Katherine', 'Gregory', 'Christine', 'Frank', 'Debra', 'Alexander', 'Rachel',
  'Raymond', 'Catherine', 'Patrick', 'Carolyn', 'Jack', 'Janet', 'Dennis', 'Ruth', 'Jerry', 'Maria',
  'Tyler', 'Heather', 'Aaron', 'Diane', 'Jose', 'Virginia', 'Adam', 'Julie', 'Henry', 'Joyce',
  'Nathan', 'Victoria', 'Douglas', 'Olivia', 'Zachary', 'Kelly', 'Peter', 'Christina', 'Kyle', 'Lauren',
  'Ethan', 'Joan', 'Walter', 'Evelyn', 'Noah', 'Judith', 'Jeremy', 'Megan', 'Christian', 'Cheryl',
  'Søren', 'Zoë', 'Åsa', 'José', 'Chloé', 'Björn', 'Jürgen', 'Ángel', 'Renée', 'Ingrid',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson',
  'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens',
  'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen',
  'Freeman', 'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter',
  'Gordon', 'Mendez', 'Silva', 'Shaw', 'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks',
  'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd', 'Rose', 'Stone', 'Salazar', 'Fox',
  'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson', 'Nichols', 'Stephens',
  'Soto', 'Weaver', 'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer', 'Hawkins',
  'Lindberg', 'Goldberg', 'Bergström', 'Øberg', 'Müller', 'Schäfer', 'Lindqvist', 'Novák', 'Dvořák', 'Kowalski',
  'Rosenberg', 'Eriksson', 'Johansson', 'Larsson', 'Nilsson', 'Svensson', 'Gustafsson', 'Pettersson', 'Jönsson', 'Bergman',
] as const;

/** 40 x 25 = 1000 distinct country names: prefix `i % 40`, suffix `floor(i / 40)`. */
export const COUNTRY_PREFIXES = [
  'Nor', 'Vel', 'Ost', 'Mar', 'Kal', 'Bel', 'Tor', 'Sar', 'Lun', 'Gal',
  'Dra', 'Fen', 'Hal', 'Ith', 'Jor', 'Kes', 'Lor', 'Mir', 'Nev', 'Orl',
  'Pra', 'Quel', 'Ros', 'Sil', 'Tam', 'Ul', 'Vor', 'Wes', 'Xan', 'Yor',
  'Zan', 'Aur', 'Bra', 'Cor', 'Del', 'Eri', 'Fal', 'Gor', 'Hes', 'Ar',
] as const;

export const COUNTRY_SUFFIXES = [
  'land', 'ia', 'stan', 'onia', 'ovia', 'ar', 'esh', 'ington', 'mark', 'garia',
  'ador', 'uria', 'enia', 'ica', 'ania', 'ostan', 'avia', 'eth', 'inia', 'oria',
  'una', 'ivia', 'ados', 'ene', 'ora',
] as const;

export const TAG_NAMES = [
  'customer', 'newsletter', 'vip', 'partner', 'supplier', 'employee', 'prospect', 'lead', 'investor', 'press',
  'volunteer', 'donor', 'member', 'alumni', 'speaker', 'mentor', 'student', 'teacher', 'reseller', 'affiliate',
  'beta-tester', 'churned', 'trial', 'enterprise', 'smb', 'startup', 'nonprofit', 'government', 'education', 'healthcare',
  'finance', 'retail', 'manufacturing', 'logistics', 'energy', 'media', 'travel', 'hospitality', 'legal', 'real-estate',
  'agriculture', 'automotive', 'aerospace', 'telecom', 'insurance', 'pharma', 'gaming', 'sports', 'fashion', 'food',
] as const;

export const EMAIL_DOMAINS = ['mailbox.test', 'post.test', 'inbox.test', 'corp.test', 'web.test'] as const;

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessingNotice, passwordChangedNotice, secondFactorOffNotice } from '../src/auth/account-notices.ts';
import { reminderMail } from '../src/modules/reminder-mail/reminder-mail.text.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSeminar } from './support/enrollment-factories.ts';
import { createCourse, createSchool, createStudent, createUser, deliver, enroll, offer } from './support/factories.ts';
import { pdfText, pdfTitle } from './support/pdf-text.ts';
import { outboxTo, setHeadSchoolAdmin, studentForm } from './support/student-factories.ts';

/**
 * Issue 29: the mails, the printed pages and the files in the language of the person they are for.
 * A mail goes in the recipient's chosen language, else English; a PDF or an export is in the
 * language of who asks for it: their choice, else their browser's (Accept-Language).
 */
describe('mails, printed pages and files in the person’s language', () => {
  let t: TestContext;
  let db: TestContext['database']['db'];
  const tag = 'qvlangtag';

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
  });
  afterAll(async () => t.close());

  /** A request of `email`'s, with the browser's languages when given. */
  const get = async (email: string, url: string, acceptLanguage?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(await t.headersFor(email)), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    });

  describe('mail', () => {
    it('tells an instructor who reads Spanish of a new student in Spanish, one who chose nothing in English', async () => {
      const spanish = await createSchool(db, { churchName: `Iglesia Central ${tag}` });
      const english = await createSchool(db, { churchName: `Central Church ${tag}` });
      const lucia = await createUser(db, { roleType: 'school_admin', schoolId: spanish.id }, { firstName: 'Lucía', language: 'es' });
      const ned = await createUser(db, { roleType: 'school_admin', schoolId: english.id }, { firstName: 'Ned' });
      await setHeadSchoolAdmin(db, spanish.id, lucia.id);
      await setHeadSchoolAdmin(db, english.id, ned.id);
      const { course } = await createCourse(db, 1, { name: `Fe y Esperanza ${tag}` });
      await offer(db, course.id, spanish.id);
      await offer(db, course.id, english.id);
      // A global admin who reads Spanish adds both: each notice is in its recipient's language, not the sender's.
      const adder = await createUser(db, { roleType: 'global_admin' }, { firstName: 'Gala', lastName: 'Admin', language: 'es' });
      for (const school of [spanish, english]) {
        const form = studentForm({ school_id: school.id, last_name: `Avisado ${tag}`, series_id: course.id, notify_instructor_by_email: true });
        const response = await t.app.inject({ method: 'POST', url: '/api/students', headers: await t.headersFor(adder.email), payload: form });
        expect(response.statusCode).toBe(201);
      }

      const [toLucia] = await outboxTo(db, lucia.email);
      expect(toLucia).toMatchObject({ kind: 'new_student' });
      expect(toLucia!.subject).toBe(`Nuevo estudiante: Ada May Avisado ${tag} ((#${spanish.schoolCode}) Iglesia Central ${tag})`);
      expect(toLucia!.text.split('\n')).toEqual([
        'Hola, Lucía:',
        '',
        `Gala Admin agregó un nuevo estudiante para usted: Ada May Avisado ${tag}.`,
        '',
        `Estudiante: Ada May Avisado ${tag}`,
        `Escuela: (#${spanish.schoolCode}) Iglesia Central ${tag}`,
        `Curso o seminario: Fe y Esperanza ${tag}`,
        '',
        expect.stringMatching(/^Abra la ficha del estudiante: http:\/\/localhost:3000\/students\/\d+\/overview$/),
      ]);

      const [toNed] = await outboxTo(db, ned.email);
      expect(toNed!.subject).toBe(`New student: Ada May Avisado ${tag} ((#${english.schoolCode}) Central Church ${tag})`);
      expect(toNed!.text).toContain(`Hello Ned,\n\nGala Admin added a new student for you: Ada May Avisado ${tag}.`);
      expect(toNed!.text).toContain(`Series: Fe y Esperanza ${tag}`);
    });

    it('writes the morning mail in Spanish, its dates day first, for who reads Spanish', () => {
      const student = { id: 7, first_name: 'Rosa', last_name: 'Díaz' };
      const series = { id: 3, name: 'Fe', type: 'Course' as const };
      const mail = reminderMail({
        to: 'ana@example.org',
        firstName: 'Ana',
        language: 'es',
        day: '2026-11-28',
        baseUrl: 'http://srs.example',
        reminders: {
          rows: [
            { id: 1, date: '2026-11-20', enrollment_id: 9, student, series, instructor: null },
            { id: 2, date: '2026-11-28', enrollment_id: 9, student, series, instructor: null },
          ],
          total: 2,
          capped: false,
        },
        followup: {
          rows: [{ id: 9, student, series, followup_reason: { kind: 'reminder_due', date: '2026-11-20', days: 8 } }],
          total: 1001,
          capped: true,
        } as never,
      });
      expect(mail.subject).toBe('Recordatorios y seguimiento, 28/11/2026: 2 recordatorios pendientes, Más de 1,001 para dar seguimiento');
      expect(mail.text.split('\n')).toEqual([
        'Buenos días, Ana:',
        '',
        '2 recordatorios pendientes, de hoy o vencidos:',
        '- Rosa Díaz, Fe: Vencido desde el 20/11/2026',
        '  http://srs.example/students/7/courses/enrollments/9/reminders',
        '- Rosa Díaz, Fe: Vence hoy',
        '  http://srs.example/students/7/courses/enrollments/9/reminders',
        '',
        'Más de 1,001 cursos y seminarios para dar seguimiento, primero los que más han esperado:',
        '- Rosa Díaz, Fe: Recordatorio del 20/11',
        '  http://srs.example/students/7/courses/enrollments/9/lessons',
        '… y más de 1,000 adicionales: http://srs.example/students?enrollments_needing_followup_eq=true',
        '',
        '--',
        'Usted recibe este correo las mañanas en que tiene recordatorios pendientes o estudiantes que necesitan seguimiento.',
        'Para dejar de recibirlo, desmarque "Correo matutino de recordatorios y seguimiento" en Configuración: http://srs.example/account/settings',
        '',
      ]);
    });

    it('tells the owner of an account of its changes in the language they chose, else in English', () => {
      const spanish = { email: 'ana@example.org', firstName: 'Ana', language: 'es' };
      expect(passwordChangedNotice(spanish, 'set')).toMatchObject({
        to: 'ana@example.org',
        subject: 'Se estableció la contraseña de su cuenta',
        kind: 'password_changed',
      });
      expect(secondFactorOffNotice(spanish, 'Gala Admin').text.split('\n').slice(0, 3)).toEqual([
        'Hola, Ana:',
        '',
        'Gala Admin desactivó el segundo factor de verificación de su cuenta del Sistema de Registro de Estudiantes.',
      ]);
      expect(secondFactorOffNotice(spanish, null).text).toContain('\nUsted desactivó el segundo factor');
      expect(guessingNotice(spanish, 'code', 10).text).toContain('luego 10 códigos incorrectos');
      const english = passwordChangedNotice({ email: 'ned@example.org', firstName: 'Ned', language: null }, 'changed');
      expect(english.subject).toBe('The password of your account was changed');
      expect(english.text).toBe(
        [
          'Hello Ned,',
          '',
          'The password of your Student Records System account was just changed.',
          'Every device where you were signed in with the old one has been signed out.',
          '',
          'If this was not you, tell your coordinator at once.',
        ].join('\n'),
      );
    });

    it('tells a declined applicant, who has no language, in the language of the admin who declined', async () => {
      const school = await createSchool(db, { churchName: `Iglesia Este ${tag}` });
      const admin = await createUser(db, { roleType: 'school_admin', schoolId: school.id }, { language: 'es' });
      const [request] = await t.database.query<{ id: number }>(
        `insert into signup_requests (first_name, last_name, email, school_id) values ('Inés', 'Paz', 'ines.paz@test.example', $1) returning id`,
        [school.id],
      );
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/signup_requests/decide',
        headers: await t.headersFor(admin.email),
        payload: { id: request!.id, decision: 'decline' },
      });
      expect(response.statusCode).toBe(200);
      const [mail] = await outboxTo(db, 'ines.paz@test.example');
      expect(mail!.subject).toBe('Su solicitud de una cuenta');
      expect(mail!.text).toContain(`Hola, Inés:\n\nSu solicitud de una cuenta del Sistema de Registro de Estudiantes en (#${school.schoolCode}) Iglesia Este ${tag}`);
    });

    it('tells an instructor who reads Spanish of a new enrollment in Spanish', async () => {
      const school = await createSchool(db);
      const teacher = await createUser(db, { roleType: 'instructor', schoolId: school.id }, { language: 'es' });
      const admin = await createUser(db, { roleType: 'school_admin', schoolId: school.id });
      const student = await createStudent(db, { schoolId: school.id, instructorId: teacher.id, firstName: 'Rosa', lastName: `Díaz ${tag}` });
      const { seminar } = await createSeminar(db, school.id, 1, { name: `Apocalipsis ${tag}` });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        headers: await t.headersFor(admin.email),
        payload: { student_id: student.id, series_id: seminar.id, notify_instructor_by_email: true },
      });
      expect(response.statusCode).toBe(201);
      const number = response.json().registration_number as number;
      const [mail] = await outboxTo(db, teacher.email);
      expect(mail!.subject).toBe(`Nueva inscripción: Rosa Díaz ${tag} en Apocalipsis ${tag} (#${number})`);
      expect(mail!.text).toContain(`Rosa Díaz ${tag} fue inscrito en el seminario Apocalipsis ${tag}.\nNúmero de registro: ${number}`);
      expect(mail!.text).toContain('Abra la inscripción: http://localhost:3000/students/');
    });
  });

  describe('printed pages', () => {
    it('prints seminar tickets in Spanish, dates day first, for who reads Spanish; in English for who chose English', async () => {
      const school = await createSchool(db, { churchName: `Iglesia del Valle ${tag}` });
      const { seminar } = await createSeminar(db, school.id, 2, { name: `Esperanza ${tag}` });
      const student = await createStudent(db, { schoolId: school.id, firstName: 'Marta', lastName: `Ruiz ${tag}` });
      const enrollment = await enroll(db, student.id, seminar.id, { status: 'Applied' });
      const admin = await createUser(db, { roleType: 'global_admin' }, { language: 'es' });
      const spanish = await get(admin.email, `/api/series/${seminar.id}/tickets.pdf`);
      expect(spanish.statusCode).toBe(200);
      expect(pdfTitle(spanish.rawPayload)).toBe(`Boletos: Esperanza ${tag}`);
      expect(pdfText(spanish.rawPayload).split('\n')).toEqual([
        'BOLETO DE ENTRADA',
        `Esperanza ${tag}`,
        `Marta Ruiz ${tag}`,
        `Número de registro ${enrollment.registrationNumber}`,
        `Escuela (#${school.schoolCode}) Iglesia del Valle ${tag}`,
        `Lugar: Iglesia del Valle ${tag}`,
        // The presentations of createSeminar: 1 and 2 March 2026.
        'Fecha: 01/03/2026 – 02/03/2026',
      ]);

      // Chosen English wins over a browser asking for Spanish.
      const english = await createUser(db, { roleType: 'global_admin' }, { language: 'en' });
      const inEnglish = await get(english.email, `/api/series/${seminar.id}/tickets.pdf`, 'es-MX,es;q=0.9');
      expect(pdfText(inEnglish.rawPayload)).toContain('ADMISSION TICKET');
      expect(pdfText(inEnglish.rawPayload)).toContain('Date: 03/01/2026 – 03/02/2026');
    });

    it('names the mailing labels’ document in the language of who prints them', async () => {
      const school = await createSchool(db);
      const student = await createStudent(db, { schoolId: school.id, includeInMailingList: 'always' });
      // No language chosen: the browser's.
      const admin = await createUser(db, { roleType: 'global_admin' });
      const spanish = await get(admin.email, `/api/students/avery_labels?ids[]=${student.id}`, 'es-419,es;q=0.9,en;q=0.5');
      expect(spanish.statusCode).toBe(200);
      expect(pdfTitle(spanish.rawPayload)).toBe('Etiquetas de correo');
      const english = await get(admin.email, `/api/students/avery_labels?ids[]=${student.id}`);
      expect(pdfTitle(english.rawPayload)).toBe('Mailing labels');
    });

    it('writes the personal-data PDF in Spanish for a keeper who reads Spanish', async () => {
      const school = await createSchool(db, { churchName: `Iglesia Norte ${tag}` });
      const { course, lessons } = await createCourse(db, 2, { name: `Descubra ${tag}` });
      const student = await createStudent(db, { schoolId: school.id, firstName: 'Elena', lastName: `Soto ${tag}` });
      const enrollment = await enroll(db, student.id, course.id, { startedOn: '2026-02-03' });
      await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-02-10', dateCompleted: '2026-03-04' });
      const keeper = await createUser(db, { roleType: 'global_admin' }, { firstName: 'Clara', lastName: 'Guardiana', language: 'es' });
      const response = await get(keeper.email, `/api/students/${student.id}/personal_data.pdf`);
      expect(response.statusCode).toBe(200);
      expect(pdfTitle(response.rawPayload)).toBe(`Datos personales: Elena Soto ${tag}`);
      const text = pdfText(response.rawPayload);
      // The title wraps after the name.
      expect(text).toContain('Datos personales que se guardan sobre Elena Soto');
      expect(text).toMatch(new RegExp(`Estudiante #${student.id}\\. Exportado el \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} UTC por Clara Guardiana\\.`));
      expect(text).toContain('Perfil');
      // A field's label and its value are drawn side by side.
      expect(text).toContain('Nombre:Elena');
      expect(text).toContain(`Curso: Descubra ${tag} (número de registro ${enrollment.registrationNumber})`);
      expect(text).toContain('Inicio:03/02/2026');
      expect(text).toContain('Lección 1: Lesson 1, enviada el 10/02/2026, recibida el 04/03/2026, Correo postal');
      expect(text).toContain('Historial de cambios');
      expect(text).toContain('Notas sobre el estudiante\nSin registros.');
      expect(text).toMatch(/Datos personales del estudiante #\d+ · página 1 de \d+/);
    });
  });

  describe('exported files', () => {
    it('heads a CSV in Spanish for a user who reads Spanish, and in English for one who chose English whatever the browser asks', async () => {
      const school = await createSchool(db);
      await createStudent(db, { schoolId: school.id, lastName: `Exportado ${tag}` });
      const query = `full_name_i_cont_all[]=${tag}&school_id_eq=${school.id}`;
      const lectora = await createUser(db, { roleType: 'global_admin' }, { language: 'es' });
      const spanish = await get(lectora.email, `/api/students.csv?${query}`);
      expect(spanish.statusCode).toBe(200);
      expect(spanish.body.split('\n')[0]).toBe(
        'Nombre,Segundo nombre,Apellido,Dirección,Dirección 2,Ciudad,Estado,Código postal,País,Correo electrónico,Teléfono,' +
          'Redes sociales,Incluir en la lista de correo,Creado,Instructor,Código de la escuela,Escuela,Inscripciones',
      );
      // The file's name stays as it is: a program may look for it.
      expect(String(spanish.headers['content-disposition'])).toMatch(/filename="students-\d{4}-\d{2}-\d{2}\.csv"/);

      const reader = await createUser(db, { roleType: 'global_admin' }, { language: 'en' });
      const english = await get(reader.email, `/api/students.csv?${query}`, 'es');
      expect(english.body.split('\n')[0]).toBe(
        'First Name,Middle Name,Last Name,Address,Address 2,City,State,Zip Code,Country,Email,Phone,Social Media,' +
          'Include In Mailing List,Created,Instructor,School Code,School,Enrollments',
      );
    });

    it('heads an Excel file in Spanish with its days day first, and a report’s title, period and figures in Spanish', async () => {
      const school = await createSchool(db, { churchName: `Iglesia Sur ${tag}` });
      const { course, lessons } = await createCourse(db, 1, { name: `Curso ${tag}` });
      await offer(db, course.id, school.id);
      const student = await createStudent(db, { schoolId: school.id, lastName: `Hoja ${tag}` });
      const enrollment = await enroll(db, student.id, course.id, { startedOn: '2026-09-02', lessonNumber: 1 });
      await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-09-03', dateCompleted: '2026-10-01' });
      const lectora = await createUser(db, { roleType: 'global_admin' }, { language: 'es' });

      const students = await get(lectora.email, `/api/students.xlsx?full_name_i_cont_all[]=${tag}&school_id_eq=${school.id}`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(students.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as string[]).slice(1);
      expect(header.slice(0, 3)).toEqual(['Nombre', 'Segundo nombre', 'Apellido']);
      const created = sheet.getRow(2).getCell(header.indexOf('Creado') + 1);
      expect(created.value).toBeInstanceOf(Date);
      expect(created.numFmt).toBe('dd/mm/yyyy');
      expect(sheet.getRow(2).getCell(header.indexOf('Inscripciones') + 1).value).toBe(
        `Curso ${tag} #${enrollment.registrationNumber} (Inscrito, lección 1)`,
      );

      const report = await get(lectora.email, `/api/reports/lessons.xlsx?group=school&from=2026-09-01&to=2026-11-30&school_id=${school.id}`);
      expect(report.statusCode).toBe(200);
      const reportBook = new ExcelJS.Workbook();
      await reportBook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
      const reportSheet = reportBook.worksheets[0]!;
      expect(reportSheet.getRow(1).getCell(1).value).toBe('Lecciones por escuela, 01/09/2026–30/11/2026');
      expect(reportSheet.getRow(2).getCell(1).value).toBe(`Escuela: Iglesia Sur ${tag} (${school.schoolCode})`);
      expect((reportSheet.getRow(3).values as string[]).slice(1)).toEqual(['Escuela', 'Enviadas', 'Recibidas']);
      expect(reportSheet.getRow(4).getCell(1).value).toBe(`Iglesia Sur ${tag} (${school.schoolCode})`);
      expect(reportSheet.getRow(5).getCell(1).value).toBe('Total');

      // The rows a report names itself: a status, a month, a student without instructor.
      const byStatus = await get(lectora.email, `/api/reports/enrollments.csv?group=status&from=2026-09-01&to=2026-11-30&school_id=${school.id}`);
      expect(byStatus.body.split('\n')[1]).toMatch(/^Inscrito,1,/);
      const byMonth = await get(lectora.email, `/api/reports/enrollments.csv?group=month&from=2026-09-01&to=2026-11-30&school_id=${school.id}`);
      expect(byMonth.body.split('\n')[1]).toMatch(/^septiembre de 2026,1,/);
      const byInstructor = await get(lectora.email, `/api/reports/enrollments.csv?group=instructor&from=2026-09-01&to=2026-11-30&school_id=${school.id}`);
      expect(byInstructor.body.split('\n')[1]).toMatch(/^Sin instructor,1,/);

      // The same report's CSV for who reads English: the headings as they always were.
      const reader = await createUser(db, { roleType: 'global_admin' });
      const csv = await get(reader.email, `/api/reports/lessons.csv?group=school&from=2026-09-01&to=2026-11-30&school_id=${school.id}`);
      expect(csv.body.split('\n')[0]).toBe('School,Sent,Completed');
    });
  });
});

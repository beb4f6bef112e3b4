CREATE TABLE "students_not_same_person" (
	"student_id" bigint NOT NULL,
	"other_student_id" bigint NOT NULL,
	"said_by_id" bigint,
	"said_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_not_same_person_student_id_other_student_id_pk" PRIMARY KEY("student_id","other_student_id"),
	CONSTRAINT "students_not_same_person_order" CHECK ("students_not_same_person"."student_id" < "students_not_same_person"."other_student_id")
);
--> statement-breakpoint
ALTER TABLE "students_not_same_person" ADD CONSTRAINT "students_not_same_person_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_not_same_person" ADD CONSTRAINT "students_not_same_person_other_student_id_students_id_fk" FOREIGN KEY ("other_student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_not_same_person" ADD CONSTRAINT "students_not_same_person_said_by_id_users_id_fk" FOREIGN KEY ("said_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_not_same_person_other_idx" ON "students_not_same_person" USING btree ("other_student_id");--> statement-breakpoint
-- The keys of the same person (db/schema/person-keys.ts): built over every existing student now.
CREATE INDEX "students_email_key_idx" ON "students" USING btree (nullif(lower(regexp_replace("email", '\s', '', 'g')), '')) WHERE nullif(lower(regexp_replace("students"."email", '\s', '', 'g')), '') is not null;--> statement-breakpoint
CREATE INDEX "students_phone_key_idx" ON "students" USING btree ((case when length(regexp_replace("phone", '\D', '', 'g')) >= 7 then right(regexp_replace("phone", '\D', '', 'g'), 10) end)) WHERE (case when length(regexp_replace("students"."phone", '\D', '', 'g')) >= 7 then right(regexp_replace("students"."phone", '\D', '', 'g'), 10) end) is not null;--> statement-breakpoint
CREATE INDEX "students_name_zip_key_idx" ON "students" USING btree ((case when btrim(regexp_replace(lower(regexp_replace(normalize("first_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) <> '' and btrim(regexp_replace(lower(regexp_replace(normalize("last_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) <> '' and (case when length(regexp_replace("zip_code", '\D', '', 'g')) >= 5 then left(regexp_replace("zip_code", '\D', '', 'g'), 5)
    else nullif(upper(btrim("zip_code")), '') end) is not null
    then btrim(regexp_replace(lower(regexp_replace(normalize("first_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) || '|' || btrim(regexp_replace(lower(regexp_replace(normalize("last_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) || '|' || (case when length(regexp_replace("zip_code", '\D', '', 'g')) >= 5 then left(regexp_replace("zip_code", '\D', '', 'g'), 5)
    else nullif(upper(btrim("zip_code")), '') end) end)) WHERE (case when btrim(regexp_replace(lower(regexp_replace(normalize("students"."first_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) <> '' and btrim(regexp_replace(lower(regexp_replace(normalize("students"."last_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) <> '' and (case when length(regexp_replace("students"."zip_code", '\D', '', 'g')) >= 5 then left(regexp_replace("students"."zip_code", '\D', '', 'g'), 5)
    else nullif(upper(btrim("students"."zip_code")), '') end) is not null
    then btrim(regexp_replace(lower(regexp_replace(normalize("students"."first_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) || '|' || btrim(regexp_replace(lower(regexp_replace(normalize("students"."last_name", NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) || '|' || (case when length(regexp_replace("students"."zip_code", '\D', '', 'g')) >= 5 then left(regexp_replace("students"."zip_code", '\D', '', 'g'), 5)
    else nullif(upper(btrim("students"."zip_code")), '') end) end) is not null;
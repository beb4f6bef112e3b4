-- A status, a series type and a mailing option hold one of the schema's values, also when written
-- outside the forms: the student list is written by the database and sent as it is (decision 030).
-- NOT VALID: every row written from now on is checked; rows written by hand before are not, so
-- that no upgrade stops on them.
ALTER TABLE "series" ADD CONSTRAINT "series_type_known" CHECK ("series"."type" in ('Course', 'Seminar')) NOT VALID;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_status_known" CHECK ("enrollments"."status" in ('Applied', 'Attended', 'Enrolled', 'Graduated', 'Inactive')) NOT VALID;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_mailing_option_known" CHECK ("students"."include_in_mailing_list" in ('if_address_valid', 'always', 'never')) NOT VALID;

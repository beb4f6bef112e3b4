-- An import of students into one school (issue 27) is that school's change: its admins see its
-- version in /versions, and may undo it there. An import into several schools stays with the
-- network's (global and conference admins, and whoever made it).
CREATE OR REPLACE FUNCTION srs_version_school(item_type text, item_id bigint, r jsonb) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN item_type = 'School' THEN item_id
    WHEN item_type = 'StudentImport' THEN
      CASE WHEN jsonb_typeof(r->'schoolIds') = 'array' AND jsonb_array_length(r->'schoolIds') = 1 THEN (r->'schoolIds'->>0)::bigint END
    WHEN r ? 'schoolId' THEN (r->>'schoolId')::bigint
    WHEN r ? 'enrollmentId' THEN (SELECT e.school_id FROM enrollments e WHERE e.id = (r->>'enrollmentId')::bigint)
    WHEN r ? 'cachedEnrollmentId' THEN (SELECT e.school_id FROM enrollments e WHERE e.id = (r->>'cachedEnrollmentId')::bigint)
    WHEN r ? 'studentId' THEN (SELECT s.school_id FROM students s WHERE s.id = (r->>'studentId')::bigint)
  END
$$;--> statement-breakpoint
UPDATE versions SET school_id = srs_version_school(item_type, item_id, srs_version_row(object, object_changes))
  WHERE item_type = 'StudentImport' AND school_id IS NULL;

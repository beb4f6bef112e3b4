-- The ids of the search words that contain a fragment (a LIKE pattern, `%ann%`), for the name
-- search across many schools (docs/decisions/011): its page, its words' lists and its count are
-- one prepared statement (docs/decisions/031), whose plan must not depend on the fragment. Which
-- words hold a fragment does (a few thousand words are read whole; a network's hundred thousand
-- through the trigram index): PL/pgSQL plans this one small query for its value when that is
-- cheaper, and the statement around it keeps one plan.
CREATE FUNCTION srs_words_containing(pattern text) RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN array(SELECT w.id FROM name_words w WHERE w.word LIKE pattern);
END
$$;

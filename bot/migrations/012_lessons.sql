-- /<game> learn (issue 32): where each member stands in each game's course.
CREATE TABLE lessons (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    current TEXT,                       -- the open lesson's id (NULL: none open)
    misses INTEGER NOT NULL DEFAULT 0,  -- wrong answers to the open lesson
    done TEXT NOT NULL DEFAULT '[]',    -- the finished lessons' ids, a JSON list
    PRIMARY KEY (user_id, kind)
);

"""The courses (``/<game> learn``): every text around a lesson, in English and French (the
lessons' own words are in ``bot/learning/<game>.toml``)."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "learn.no_course": (
        "{game} has no course yet: /plateau help lists the rules pages.",
        "{game} n'a pas encore de cours : /plateau help liste les pages de règles.",
    ),
    "learn.pick_lesson": (
        "lesson is a lesson's number, from 1 to {last}.",
        "lesson est le numéro d'une leçon, de 1 à {last}.",
    ),
    "learn.all_done": (
        "You finished this course, all {last} lessons. lesson:<n> plays one again.",
        "Vous avez fini ce cours, ses {last} leçons. lesson:<n> en rejoue une.",
    ),
    "learn.lesson": (
        "**Lesson {n} of {last}: {title}**\n{rule}\n**Your task** ({seat}): {task}\n"
        "Answer with the game's own commands (/{game} help lists them), here or in a direct "
        "message with the bot.",
        "**Leçon {n} sur {last} : {title}**\n{rule}\n**À vous** ({seat}) : {task}\n"
        "Répondez avec les commandes du jeu (/{game} help les liste), ici ou en message "
        "privé avec le bot.",
    ),
    "learn.right": ("✅ Right: {title} is done.", "✅ Juste : {title}, c'est fait."),
    "learn.course_done": (
        "🎓 You finished the {game} course. /plateau profile shows it.",
        "🎓 Vous avez fini le cours de {game}. /plateau profile le montre.",
    ),
    "learn.wrong": ("❌ Not yet: {why}", "❌ Pas encore : {why}"),
    "learn.not_asked": (
        "a legal move, but not what the task asks: {task}",
        "un coup permis, mais pas ce que demande la tâche : {task}",
    ),
    "learn.answer": ("The answer: {command}", "La réponse : {command}"),
    "discord.desc.table.learn": (
        "Learn the game: a short lesson per rule, in private",
        "Apprendre le jeu : une courte leçon par règle, en privé",
    ),
    "discord.pdesc.lesson": (
        "A lesson's number, to play it again",
        "Le numéro d'une leçon, pour la rejouer",
    ),
    "plateau.profile_courses": ("Courses: {courses}", "Cours : {courses}"),
    "plateau.course_done": ("{game} ✓ (all {total} lessons)", "{game} ✓ (les {total} leçons)"),
    "plateau.course_part": ("{game} {done}/{total}", "{game} {done}/{total}"),
}
